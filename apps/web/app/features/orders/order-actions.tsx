/**
 * What each side may do with an order now, with the dialogs it opens: the buyer pays or cancels an unpaid order,
 * confirms receipt (asked first) or reports a problem (`onProblem`: the claim); the seller ships a paid order with
 * a tracking number or cancels it with a reason. Shared by the lists and the order's own page.
 */
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Order } from '@vitrina/contract/orders';
import { CancelOrderDialog } from './cancel-order';
import { ConfirmReceiptDialog } from './confirm-receipt';
import { SellerCancelDialog } from './seller-cancel-dialog';
import { ShipDialog } from './ship-dialog';

/** Statuses in which the buyer may confirm receipt or report a problem. */
const RECEIVING = ['shipped', 'delivered'];

/**
 * @param onProblem «Есть проблема»: opens the claim for the order
 */
export function OrderActions({
  order,
  role,
  onProblem,
}: {
  order: Order;
  role: 'buyer' | 'seller';
  onProblem?: (order: Order) => void;
}) {
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | 'ship' | 'seller-cancel' | null>(null);
  const close = () => setDialog(null);
  const of = (d: typeof dialog) => (dialog === d ? order : null);

  if (role === 'seller') {
    if (order.status !== 'paid') return null;
    return (
      <Group mt="lg" gap="sm">
        <Button onClick={() => setDialog('ship')}>Отправить</Button>
        <Button variant="subtle" color="red" onClick={() => setDialog('seller-cancel')}>
          Отменить заказ
        </Button>
        <ShipDialog
          order={of('ship')}
          onClose={close}
          onShipped={(o) =>
            notifications.show({
              message: `Заказ ${o.number} отправлен. Покупатель увидит трек-номер.`,
              color: 'green',
            })
          }
        />
        <SellerCancelDialog
          order={of('seller-cancel')}
          onClose={close}
          onCancelled={(o) =>
            notifications.show({
              message: `Заказ ${o.number} отменён. Покупатель получит деньги обратно.`,
              color: 'green',
            })
          }
        />
      </Group>
    );
  }

  const payUrl =
    order.status === 'awaiting_payment' && order.payment?.status === 'pending' ? order.payment.confirmation_url : null;
  if (!RECEIVING.includes(order.status) && order.status !== 'awaiting_payment') return null;
  return (
    <Group mt="lg" gap="sm">
      {RECEIVING.includes(order.status) && (
        <>
          <Button onClick={() => setDialog('confirm')}>Подтвердить получение</Button>
          <Button variant="default" onClick={() => onProblem?.(order)}>
            Есть проблема
          </Button>
        </>
      )}
      {payUrl && (
        <Button component="a" href={payUrl}>
          Оплатить
        </Button>
      )}
      {order.status === 'awaiting_payment' && (
        <Button variant="default" onClick={() => setDialog('cancel')}>
          Отменить
        </Button>
      )}
      <ConfirmReceiptDialog order={of('confirm')} onClose={close} onProblem={(o) => onProblem?.(o)} />
      <CancelOrderDialog order={of('cancel')} onClose={close} />
    </Group>
  );
}
