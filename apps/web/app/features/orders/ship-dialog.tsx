/**
 * «Отправить заказ»: who to send it to (the buyer's pickup point and recipient), who pays for delivery (the seller,
 * as `/faq` says), and the tracking number in the chosen service's format (the contract's `TRACKING_RULES`; the
 * API checks it and its Russian message lands under the field) → `POST /v1/sales/orders/{id}/ship/`.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deliveryServiceLabel, TRACKING_RULES, type Order } from '@vitrina/contract/orders';
import { displayPhone } from '../auth';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { useShipOrder } from './queries';

export function ShipDialog({
  order,
  onClose,
  onShipped,
}: {
  order: Order | null;
  onClose: () => void;
  onShipped: (o: Order) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ship = useShipOrder();
  const saving = ship.isPending;
  useEffect(() => {
    setValue('');
    setError(null);
  }, [order?.id]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!order) return;
    const v = value.trim();
    if (v.length < 3) return setError('Введите трек-номер — не короче 3 символов.');
    ship.mutate(
      { id: order.id, trackingNumber: v },
      {
        onSuccess: (shipped) => {
          onShipped(shipped);
          onClose();
        },
        onError: (err) => setError(errorInfo(err)?.fields.tracking_number?.[0] ?? errorMessage(err)),
      },
    );
  };

  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title="Отправить заказ"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      {order && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fz="sm">
              Заказ {order.number}: отнесите посылку в{' '}
              {deliveryServiceLabel(order.delivery_point.delivery_service_type)} и отправьте в пункт выдачи покупателя —{' '}
              {order.delivery_point.address}
              {order.delivery_point.point_id ? ` (код пункта ${order.delivery_point.point_id})` : ''}.
            </Text>
            {order.recipient && (
              <Text fz="sm">
                Получатель: {order.recipient.name}, {displayPhone(order.recipient.phone)}.
              </Text>
            )}
            <Text fz="sm" c="dimmed">
              Доставку оплачиваете вы при отправке — для покупателя она бесплатна.
            </Text>
            <TextInput
              label="Трек-номер"
              description={
                TRACKING_RULES[order.delivery_point.delivery_service_type as keyof typeof TRACKING_RULES]?.hint
              }
              placeholder="Например, 1234567890"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
              maxLength={64}
              data-autofocus
              required
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                Отмена
              </Button>
              <Button type="submit" loading={saving}>
                Отправить
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
