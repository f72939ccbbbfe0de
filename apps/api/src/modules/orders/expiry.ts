/**
 * Expiry of unpaid orders (spec §4: an unpaid order holds its stock for 15 minutes), on the jobs of
 * architecture §6 — the one mechanism for "later":
 * - checkout queues `orders.expire-reservation` for the order's `reserved_until`, in the order's own transaction
 *   ({@link scheduleExpiry}); when it comes due on any process, the order is cancelled, its stock returned and
 *   `order.cancelled` recorded in one transaction, and the pending payment is cancelled at the provider after
 *   the commit;
 * - the recurring `orders.sweep-expired` (every {@link SWEEP_EVERY_MS}) queues that job for any overdue order that
 *   has none (orders placed before this mechanism, or a queue row lost to a restore), so nothing depends on one
 *   row.
 * `cancelAndRelease(…, onlyExpired)` re-checks the status and time under the order's lock, so an order paid at the
 * last second is never cancelled.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { cancelAndRelease, cancelAtProvider, EXPIRED_REASON } from './stock.js';
import { crashPoint } from '../../lib/crash-points.js';

/** How often the safety sweep looks for overdue orders without an expiry job, ms. */
export const SWEEP_EVERY_MS = 60_000;
/** Orders the sweep schedules per run at most (the next run takes the rest). */
const SWEEP_BATCH = 200;
export const EXPIRE_JOB = 'orders.expire-reservation';

const expiryKey = (orderId: number) => `order:${orderId}:expire`;

/**
 * Asks the bank about an order's pending payments before its reservation is released and applies what it says
 * (a charge → the order is paid; still pending → cancelled at the bank). Registered by the payments module
 * ({@link onBeforeExpiry}), which owns payments (orders may not import it).
 */
export type BeforeExpiry = (tx: Tx, orderId: number, now: Date) => Promise<void>;
/** Keyed by the app's job queue: one object for the whole app, whichever plugin context registers or runs. */
const beforeExpiry = new WeakMap<object, BeforeExpiry>();

/** Registers the check the expiry job runs before it releases an order's reservation (one per app). */
export function onBeforeExpiry(app: FastifyInstance, check: BeforeExpiry): void {
  beforeExpiry.set(app.jobs, check);
}

/**
 * Queues the expiry of an unpaid order at its `reserved_until` (step 4 of checkout, same transaction).
 * A second call for the same order while one is queued does nothing.
 */
export async function scheduleExpiry(app: FastifyInstance, tx: Tx, orderId: number, reservedUntil: Date) {
  await app.jobs.enqueue(tx, EXPIRE_JOB, { orderId }, { runAt: reservedUntil, key: expiryKey(orderId) });
}

/** Defines the orders module's jobs on this process (called when the module's routes are registered). */
export function defineOrderJobs(app: FastifyInstance): void {
  app.jobs.define(EXPIRE_JOB, async ({ tx, job, now, afterCommit }) => {
    const orderId = Number(job.payload.orderId);
    // The bank may have taken the money while its notice got lost: ask it first (a failure retries the job).
    const check = beforeExpiry.get(app.jobs);
    if (check) {
      const [o] = await tx
        .select({ status: orders.status, reservedUntil: orders.reservedUntil })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (o?.status === 'awaiting_payment' && o.reservedUntil && o.reservedUntil <= now) await check(tx, orderId, now);
    }
    const pending = await cancelAndRelease(tx, orderId, now, EXPIRED_REASON, true);
    if (!pending) return; // paid, cancelled, or not yet due (a reservation that was extended)
    await app.events.emit(tx, 'order.cancelled', { orderId, reason: EXPIRED_REASON, by: 'expiry' });
    crashPoint('expiry.before-commit');
    afterCommit(() => cancelAtProvider(app, pending));
  });
  app.jobs.every('orders.sweep-expired', SWEEP_EVERY_MS, async ({ tx, now }) => {
    const due = await tx
      .select({ id: orders.id, reservedUntil: orders.reservedUntil })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.reservedUntil} <= ${now.toISOString()}`))
      .orderBy(orders.id)
      .limit(SWEEP_BATCH);
    for (const o of due) await scheduleExpiry(app, tx, o.id, o.reservedUntil ?? now);
  });
}
