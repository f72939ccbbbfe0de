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

/** Text colours with at least 4.5:1 on white (shade 9 of the theme's palettes: orange 8 and green 8 were ~3:1). */
const COLORS: Record<PayoutStatus, string> = {
  awaiting_shipping: 'dimmed',
  awaiting_completion: 'dimmed',
  processing: 'blue.9',
  waiting_card: 'orange.9',
  sent: 'green.9',
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
