/**
 * The deadlines of an order as both sides read them (docs/architecture.md «Order deadlines»; the API's `ship_by`,
 * `deliver_by`, `confirm_by`): «Отправьте до 29 ноября» (the end of a Moscow day) to the seller, «Подтвердите
 * получение или сообщите о проблеме до 3 декабря, 14:20» (an exact time) to the buyer, and whether it has passed.
 */
import type { Order } from '@vitrina/contract/orders';
import { moscowDay as day, moscowDayTime as dayTime } from '../../shared/lib/dates';

export interface DeadlineView {
  /** The step it belongs to: `shipped`, `delivered` or `completed`. */
  step: 'shipped' | 'delivered' | 'completed';
  text: string;
  /** The deadline has passed (the server's job is about to act). */
  overdue: boolean;
}

/** The order's current deadline for `role`, or null when none applies. */
export function deadlineView(order: Order, role: 'buyer' | 'seller', now: Date = new Date()): DeadlineView | null {
  if (order.ship_by) {
    const overdue = new Date(order.ship_by) < now;
    return {
      step: 'shipped',
      overdue,
      text: overdue
        ? 'Срок отправки прошёл — заказ отменяется, деньги вернутся покупателю'
        : role === 'seller'
          ? `Отправьте до ${day(order.ship_by)}`
          : `Продавец отправит до ${day(order.ship_by)}`,
    };
  }
  if (order.deliver_by)
    return {
      step: 'delivered',
      overdue: false,
      text: `Если служба доставки не сообщит раньше, заказ будет считаться доставленным ${day(order.deliver_by)}`,
    };
  if (order.confirm_by) {
    const overdue = new Date(order.confirm_by) < now;
    return {
      step: 'completed',
      overdue,
      text:
        role === 'buyer'
          ? `Подтвердите получение или сообщите о проблеме до ${dayTime(order.confirm_by)}`
          : `Сделка завершится ${dayTime(order.confirm_by)}, если покупатель не сообщит о проблеме`,
    };
  }
  return null;
}
