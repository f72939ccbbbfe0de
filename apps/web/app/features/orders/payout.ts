/**
 * What the seller reads about an order's payout: «Выплачено 25 ноября» (Moscow day), «Выплата в
 * обработке», «Добавьте карту для выплат», «Ожидает получения покупателем» or, before shipping, «Ждёт отправки». `null` for an order with no payout
 * to speak of (unpaid, cancelled) or an answer without payout fields (the buyer's).
 */
import { PAYOUT_STATUS_LABELS, type Order, type PayoutStatus } from '@vitrina/contract/orders';

export interface PayoutView {
  status: PayoutStatus;
  /** The line shown under the order. */
  label: string;
  /** Rubles: sent, or to be sent. */
  amount: number;
  /** Mantine color of the line. */
  color: string;
}

const DAY_MONTH = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' });

const COLORS: Record<PayoutStatus, string> = {
  awaiting_shipping: 'dimmed',
  awaiting_completion: 'dimmed',
  processing: 'blue.8',
  waiting_card: 'orange.8',
  sent: 'green.8',
};

export function payoutView(order: Order): PayoutView | null {
  const status = order.payout_status;
  if (!status) return null;
  const sentOn = status === 'sent' && order.paid_out_at ? ` ${DAY_MONTH.format(new Date(order.paid_out_at))}` : '';
  return {
    status,
    label: `${PAYOUT_STATUS_LABELS[status]}${sentOn}`,
    amount: order.payout_amount ?? order.payout,
    color: COLORS[status],
  };
}
