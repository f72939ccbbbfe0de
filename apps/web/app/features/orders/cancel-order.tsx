/**
 * «Отменить заказ?» for an order awaiting payment (`POST /v1/sales/orders/{id}/cancel/`, the buyer's cancel):
 * the reservation is freed at once and the bank's payment page closed. Shared by «История покупок» and the
 * page the buyer comes back to from the bank.
 */
import { notifications } from '@mantine/notifications';
import type { Order } from '@vitrina/contract/orders';
import { errorMessage } from '../../shared/api/query';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useOrderAction } from './queries';

/**
 * @param order the order to cancel, or null (closed)
 * @param onClose the dialog closes (cancelled or not)
 * @param onCancelled the API's answer: the cancelled order
 * @param onSending called as the cancel is sent, with `false` again when it was refused
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
  onSending,
}: {
  order: Order | null;
  onClose: () => void;
  onCancelled?: (order: Order) => void;
  onSending?: (sending: boolean) => void;
}) {
  const action = useOrderAction();
  const cancel = () => {
    if (!order) return;
    onSending?.(true);
    action.mutate(
      { id: order.id, kind: 'cancel' },
      {
        onSettled: onClose,
        onSuccess: (cancelled) => {
          notifications.show({ message: 'Заказ отменён, товар снова доступен.', color: 'green' });
          onCancelled?.(cancelled);
        },
        onError: (err) => {
          onSending?.(false);
          notifications.show({ title: 'Не получилось отменить', message: errorMessage(err), color: 'red' });
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={order !== null}
      title="Отменить заказ?"
      confirmLabel="Отменить заказ"
      danger
      loading={action.isPending}
      onConfirm={cancel}
      onClose={onClose}
    >
      Заказ {order?.number} будет отменён, товар снова станет доступен другим покупателям. Деньги не списывались.
    </ConfirmDialog>
  );
}
