/**
 * «Подтвердить получение» asks first (buyer protection: the money goes to the seller once the buyer confirms): «Вы
 * проверили вещь? После подтверждения деньги уйдут продавцу», with «Есть проблема» beside the confirmation — which
 * opens the claim (the caller's `onProblem`), not the confirmation.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@vitrina/contract/orders';
import { errorMessage } from '../../shared/api/query';
import { useOrderAction } from './queries';

/**
 * @param order the order to confirm, or null (closed)
 * @param onProblem «Есть проблема»: opens the claim for the order (the dialog closes first)
 */
export function ConfirmReceiptDialog({
  order,
  onClose,
  onProblem,
}: {
  order: Order | null;
  onClose: () => void;
  onProblem: (order: Order) => void;
}) {
  const action = useOrderAction();
  const confirm = () => {
    if (!order) return;
    action.mutate(
      { id: order.id, kind: 'confirm' },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: 'Спасибо! Получение подтверждено, сделка завершена.', color: 'green' });
        },
        onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }),
      },
    );
  };
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title="Вы проверили вещь?"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <Stack gap="sm">
        <Text fz="sm">После подтверждения деньги уйдут продавцу — вернуть их через Витрину будет нельзя.</Text>
        <List fz="sm" spacing={4}>
          <List.Item>вещь та, что на фото, того же размера;</List.Item>
          <List.Item>нет дефектов, о которых не сказано в объявлении.</List.Item>
        </List>
        <Text fz="sm" c="dimmed">
          Если что-то не так, не подтверждайте — сообщите о проблеме: мы остановим выплату, пока не разберёмся.
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button
          variant="default"
          onClick={() => {
            if (!order) return;
            onClose();
            onProblem(order);
          }}
        >
          Есть проблема
        </Button>
        <Button onClick={confirm} loading={action.isPending} data-autofocus>
          Да, подтверждаю
        </Button>
      </Group>
    </Modal>
  );
}
