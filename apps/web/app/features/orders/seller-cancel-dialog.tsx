/**
 * «Отменить заказ» for the seller of a paid order not yet shipped (docs/architecture.md «Order deadlines»): a
 * reason (one of the usual ones or their own words) → `POST /v1/sales/orders/{id}/cancel/` `{reason}`. The buyer
 * gets the money back in full and the item is back on sale; the dialog says it counts against the service level.
 */
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SELLER_CANCEL_REASONS, type Order } from '@vitrina/contract/orders';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { useSellerCancelOrder } from './queries';

const OTHER = 'other';

export function SellerCancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: Order | null;
  onClose: () => void;
  onCancelled: (o: Order) => void;
}) {
  const [choice, setChoice] = useState<string>(SELLER_CANCEL_REASONS[0]);
  const [own, setOwn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useSellerCancelOrder();
  useEffect(() => {
    setChoice(SELLER_CANCEL_REASONS[0]);
    setOwn('');
    setError(null);
  }, [order?.id]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!order) return;
    const reason = choice === OTHER ? own.trim() : choice;
    if (!reason) return setError('Напишите причину отмены.');
    cancel.mutate(
      { id: order.id, reason },
      {
        onSuccess: (o) => {
          onCancelled(o);
          onClose();
        },
        onError: (err) => setError(errorInfo(err)?.fields.reason?.[0] ?? errorMessage(err)),
      },
    );
  };

  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title="Отменить заказ"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      {order && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fz="sm">
              Заказ {order.number}: покупателю вернутся все деньги, вещь снова появится в продаже. Отмена снижает ваш
              уровень сервиса.
            </Text>
            <Radio.Group label="Причина" value={choice} onChange={setChoice}>
              <Stack gap={6} mt={6}>
                {SELLER_CANCEL_REASONS.map((r) => (
                  <Radio key={r} value={r} label={r} />
                ))}
                <Radio value={OTHER} label="Другая причина" />
              </Stack>
            </Radio.Group>
            {choice === OTHER && (
              <Textarea
                label="Ваша причина"
                value={own}
                onChange={(e) => setOwn(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
              />
            )}
            {error && (
              <Text fz="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                Не отменять
              </Button>
              <Button type="submit" color="red" loading={cancel.isPending}>
                Отменить заказ
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
