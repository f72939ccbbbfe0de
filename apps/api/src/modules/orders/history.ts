/**
 * An order's history, step by step with times (the `history` of every order answer): built from the order's own
 * timestamps (they are kept for good; the domain events are purged after 30 days), plus the steps other modules
 * add through {@link onOrderHistory} (claims and disputes: opened, answered, decided), merged by time.
 */
import type { FastifyInstance } from 'fastify';
import { deliveryServiceLabel, type CancelledBy, type OrderHistoryStep } from '@vitrina/contract/orders';
import type { orders, payouts } from '../../db/schema/index.js';
import { formatRub as rub } from '../../lib/money.js';

type OrderRow = typeof orders.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

/**
 * Steps another module adds to orders' histories: for each of `orderIds`, its steps (any order; merged by `at`).
 * `viewerId` is the caller (the buyer or the seller of each order): leave out what that side must not see.
 */
export type OrderHistorySource = (
  app: FastifyInstance,
  orderIds: number[],
  viewerId: number,
) => Promise<Map<number, OrderHistoryStep[]>>;

/** Keyed by the app's job queue: one list for the whole app, whichever plugin context registers or reads. */
const sources = new WeakMap<object, OrderHistorySource[]>();

/** Registers a module's history steps (at start; e.g. the claims module's). */
export function onOrderHistory(app: FastifyInstance, source: OrderHistorySource): void {
  sources.set(app.jobs, [...(sources.get(app.jobs) ?? []), source]);
}

const CANCELLED_BY_TEXT: Record<CancelledBy, string> = {
  buyer: 'Отменён покупателем',
  seller: 'Отменён продавцом',
  deadline: 'Отменён: продавец не отправил заказ в срок',
  expiry: 'Отменён: время на оплату истекло',
  payment: 'Отменён: банк отклонил оплату',
  staff: 'Отменён поддержкой Витрины',
};

const step = (event: string, at: Date, title: string, by: string | null = null, note: string | null = null) => ({
  event,
  at: at.toISOString(),
  by,
  title,
  note,
});

/** The order's own steps from its timestamps, oldest first. `payout` only for the seller's answers. */
export function ownSteps(o: OrderRow, payout: PayoutRow | undefined, forSeller: boolean): OrderHistoryStep[] {
  const dp = o.deliveryPoint as { delivery_service_type?: string } | null;
  const steps: OrderHistoryStep[] = [step('created', o.createdAt, 'Заказ оформлен', 'buyer')];
  if (o.paidAt) steps.push(step('paid', o.paidAt, 'Оплачен', 'buyer', rub(o.total)));
  if (o.shippedAt)
    steps.push(
      step(
        'shipped',
        o.shippedAt,
        'Отправлен',
        'seller',
        o.trackingNumber
          ? `${deliveryServiceLabel(dp?.delivery_service_type ?? '')}, трек-номер ${o.trackingNumber}`
          : null,
      ),
    );
  if (o.deliveredAt) steps.push(step('delivered', o.deliveredAt, 'Доставлен в пункт выдачи'));
  if (o.completedAt)
    steps.push(step('completed', o.completedAt, 'Сделка завершена', null, 'Деньги переведены продавцу'));
  if (o.cancelledAt && o.status === 'cancelled') {
    const by = (o.cancelledBy as CancelledBy | null) ?? null;
    steps.push(step('cancelled', o.cancelledAt, by ? CANCELLED_BY_TEXT[by] : 'Отменён', by, o.cancelReason));
  }
  if (o.refundedAt && o.refundedAmount !== null)
    steps.push(step('refunded', o.refundedAt, 'Деньги возвращены покупателю', null, rub(o.refundedAmount)));
  if (forSeller && payout?.status === 'sent' && payout.sentAt)
    steps.push(step('payout_sent', payout.sentAt, 'Выплата отправлена на карту', null, rub(payout.amount)));
  return steps;
}

/** The order's own steps that end a deal: the cause another module records at the same instant comes first. */
const OUTCOMES = new Set(['completed', 'cancelled', 'refunded', 'payout_sent']);
const outcome = (s: OrderHistoryStep) => (OUTCOMES.has(s.event) ? 1 : 0);

/**
 * The histories of `rows` for `viewerId`: each order's own steps and the registered sources' steps, by time
 * (a stable sort: at the same instant an outcome — the deal completed, cancelled, refunded, paid out — follows the
 * step that caused it, e.g. the buyer accepting a partial refund, and otherwise the order's own sequence comes first).
 */
export async function orderHistories(
  app: FastifyInstance,
  rows: OrderRow[],
  payoutOf: (orderId: number) => PayoutRow | undefined,
  viewerId: number,
): Promise<Map<number, OrderHistoryStep[]>> {
  const out = new Map(rows.map((r) => [r.id, ownSteps(r, payoutOf(r.id), r.sellerId === viewerId)]));
  const ids = rows.map((r) => r.id);
  for (const source of sources.get(app.jobs) ?? []) {
    const extra = await source(app, ids, viewerId);
    for (const [id, steps] of extra) out.get(id)?.push(...steps);
  }
  for (const steps of out.values())
    steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || outcome(a) - outcome(b));
  return out;
}
