/**
 * What the buyer sees about a refund: money that came for an order that could no longer be
 * fulfilled goes back to the card. `null` when the order has nothing to say about a refund.
 */
import { REFUND_NOTE, type Order } from '@vitrina/contract/orders';

export interface RefundView {
  /** `done`: the bank accepted the refund; `pending`: the shop is returning it. */
  state: 'done' | 'pending';
  /** Rubles. */
  amount: number;
  /** ISO time of the refund (done only). */
  at: string | null;
  /** «Деньги вернутся на карту в течение 1–10 рабочих дней». */
  note: string;
}

export function refundView(order: Order): RefundView | null {
  const amount = order.refunded_amount ?? order.payment?.refunded_amount ?? null;
  if (amount !== null && amount !== undefined) {
    return { state: 'done', amount, at: order.refunded_at ?? order.payment?.refunded_at ?? null, note: REFUND_NOTE };
  }
  // Charged for an order that was cancelled: the refund is on its way (a job is returning it).
  if (order.status === 'cancelled' && order.payment?.status === 'succeeded') {
    return { state: 'pending', amount: order.total, at: null, note: REFUND_NOTE };
  }
  return null;
}
