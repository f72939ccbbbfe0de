/**
 * The deadlines of a paid order (buyer protection; docs/architecture.md «Order deadlines»), on the jobs of
 * architecture §6 — timed jobs queued in the transaction that starts each step, keyed per order and step so each
 * fires once across processes, plus the recurring {@link SWEEP_DEADLINES_JOB} that queues any step overdue without a
 * job (orders paid before these jobs existed, a queue row lost to a crash or a restore):
 * - `paid`: reminders to the seller on the 3rd and 4th day ({@link SHIP_REMINDER_JOB}, event `order.ship_reminder`);
 *   past `shipByDeadline(paid_at)` the order is cancelled ({@link SHIP_DEADLINE_JOB}: `cancelled_by = deadline`,
 *   the stock back on sale, the hold given back in the ledger, `order.cancelled {by: 'deadline'}`, whose
 *   subscriber in payments refunds the payment in full);
 * - `shipped`: 14 days after shipping, an order the carrier never reported delivered becomes `delivered`
 *   ({@link DELIVER_JOB});
 * - `delivered`: 48 hours after `delivered_at`, an order the buyer neither confirmed nor claimed completes through
 *   the confirmation's own path ({@link COMPLETE_JOB}: release in the ledger, `order.completed`, the payout).
 * Every handler re-reads the order under its row lock and acts only when it is still in the step and overdue, so a
 * shipping, a confirmation or a claim that came first wins, and a repeated job changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { formatMoscowDate, shipByDeadline } from '../../lib/moscow-time.js';
import { carrierProvider } from '../../providers/carriers/index.js';
import { confirmByDeadline, deliverByDeadline } from './deadline-times.js';
import { cancelPaidOrder, completeOrderIn, markDelivered } from './settle-steps.js';
import {
  COMPLETE_JOB,
  DELIVER_JOB,
  scheduleCompletion,
  scheduleDelivery,
  scheduleShipDeadline,
  SHIP_DEADLINE_JOB,
  SHIP_REMINDER_JOB,
  SWEEP_DEADLINES_JOB,
} from './deadline-schedule.js';

/** How often the sweep looks for overdue steps without a job, ms. */
export const SWEEP_DEADLINES_EVERY_MS = 5 * 60_000;
/** Orders the sweep queues per step and run at most (the next run takes the rest). */
const SWEEP_BATCH = 200;

/** Why a paid order was cancelled when its ship-by deadline passed (the buyer and the seller read it). */
export const deadlineReason = (paidAt: Date) =>
  `Продавец не отправил заказ до ${formatMoscowDate(shipByDeadline(paidAt))} — заказ отменён, деньги возвращаются покупателю.`;

/** How often shipped orders are tracked with the carrier, ms. */
export const TRACK_EVERY_MS = 60 * 60_000;
const TRACK_JOB = 'orders.track-shipments';
/** Shipments asked about per run at most (the oldest shipped first). */
const TRACK_BATCH = 100;

/**
 * A carrier reported an order delivered (its webhook, or the development endpoint): `shipped` → `delivered` at
 * `at`, the buyer's 48 hours start.
 * @returns false when the order is not shipped (unknown, not yet shipped, or past delivery already)
 */
export async function reportDelivery(app: FastifyInstance, orderId: number, at: Date): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    return o?.status === 'shipped' ? markDelivered(app, tx, o, at, 'carrier') : false;
  });
}

/** The order under its row lock (every step of an order takes it first: the lock order of every payment path). */
async function lockOrder(tx: Tx, orderId: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return o;
}

/** Defines the deadline jobs, their sweep and the scheduling of a paid order's deadline (one call per app). */
export function defineDeadlineJobs(app: FastifyInstance): void {
  app.events.subscribe('order.paid', 'orders.schedule-ship-deadline', async ({ tx, event }) => {
    const o = await lockOrder(tx, event.payload.orderId);
    if (o?.status === 'paid' && o.paidAt) await scheduleShipDeadline(app, tx, o.id, o.paidAt);
  });

  app.jobs.define(SHIP_REMINDER_JOB, async ({ tx, job }) => {
    const o = await lockOrder(tx, Number(job.payload.orderId));
    if (o?.status !== 'paid' || !o.paidAt) return;
    await app.events.emit(tx, 'order.ship_reminder', { orderId: o.id, days: Number(job.payload.days) });
  });

  app.jobs.define(SHIP_DEADLINE_JOB, async ({ tx, job, now }) => {
    const o = await lockOrder(tx, Number(job.payload.orderId));
    if (o?.status !== 'paid' || !o.paidAt || now <= shipByDeadline(o.paidAt)) return;
    await cancelPaidOrder(app, tx, o, now, 'deadline', deadlineReason(o.paidAt));
  });

  app.jobs.define(DELIVER_JOB, async ({ tx, job, now }) => {
    const o = await lockOrder(tx, Number(job.payload.orderId));
    if (o?.status !== 'shipped' || !o.shippedAt || now < deliverByDeadline(o.shippedAt)) return;
    // Delivered as of the deadline itself (a job run late — a server down, the development clock moved a month
    // at once — does not push the buyer's 48 hours later than the rule says).
    await markDelivered(app, tx, o, deliverByDeadline(o.shippedAt), 'deadline');
  });

  app.jobs.define(COMPLETE_JOB, async ({ tx, job, now }) => {
    const o = await lockOrder(tx, Number(job.payload.orderId));
    if (o?.status !== 'delivered' || !o.deliveredAt || now < confirmByDeadline(o.deliveredAt)) return;
    await completeOrderIn(app, tx, o, now, 'deadline');
  });

  app.jobs.every(TRACK_JOB, TRACK_EVERY_MS, async ({ tx, now }) => {
    const shipped = await tx
      .select({ id: orders.id, trackingNumber: orders.trackingNumber, point: orders.deliveryPoint })
      .from(orders)
      .where(eq(orders.status, 'shipped'))
      .orderBy(orders.shippedAt)
      .limit(TRACK_BATCH);
    const carrier = carrierProvider();
    for (const s of shipped) {
      const service = String((s.point as { delivery_service_type?: string } | null)?.delivery_service_type ?? '');
      const said = await carrier
        .track({ service, trackingNumber: s.trackingNumber ?? '' })
        .catch((err: unknown) => void app.log.warn({ err, orderId: s.id }, 'carrier: tracking failed'));
      if (said?.state !== 'delivered') continue;
      const o = await lockOrder(tx, s.id);
      if (o?.status === 'shipped')
        await markDelivered(app, tx, o, said.deliveredAt > now ? now : said.deliveredAt, 'carrier');
    }
  });

  app.jobs.every(SWEEP_DEADLINES_JOB, SWEEP_DEADLINES_EVERY_MS, async ({ tx, now }) => {
    const overdue = (
      status: string,
      column: typeof orders.paidAt | typeof orders.shippedAt | typeof orders.deliveredAt,
      ms: number,
    ) =>
      tx
        .select({ id: orders.id, at: column })
        .from(orders)
        .where(and(eq(orders.status, status), sql`${column} <= ${new Date(now.getTime() - ms).toISOString()}`))
        .orderBy(orders.id)
        .limit(SWEEP_BATCH);
    // A ship-by deadline is at least 5 whole days after payment: only those candidates are looked at closely.
    for (const o of await overdue('paid', orders.paidAt, 5 * 86_400_000)) {
      if (o.at && shipByDeadline(o.at) < now) await scheduleShipDeadline(app, tx, o.id, o.at);
    }
    for (const o of await overdue('shipped', orders.shippedAt, deliverByDeadline(now).getTime() - now.getTime()))
      if (o.at) await scheduleDelivery(app, tx, o.id, o.at);
    for (const o of await overdue('delivered', orders.deliveredAt, confirmByDeadline(now).getTime() - now.getTime()))
      if (o.at) await scheduleCompletion(app, tx, o.id, o.at);
  });
}
