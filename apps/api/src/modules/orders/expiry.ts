/**
 * The sweep of expired reservations (spec §4: an unpaid order holds its stock for 15 minutes). ONE entry,
 * {@link releaseExpiredReservations}, and ONE caller: the timer {@link startReservationSweep} that app setup starts
 * in the server process. Order requests no longer sweep on their way (issue 12 «Seams»).
 *
 * The jobs issue (architecture §6) replaces the timer with a job in PostgreSQL claimed with
 * `FOR UPDATE SKIP LOCKED`; the entry stays. Each order is cancelled in its own transaction by
 * `cancelAndRelease(…, onlyExpired)`, whose status guard makes two processes sweeping at once harmless.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema/index.js';
import { cancelAndRelease, cancelAtProvider } from './stock.js';

/** How often the server process sweeps. */
export const SWEEP_EVERY_MS = 60_000;

/** Orders cancelled per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Cancels every order whose reservation ran out by `app.clock` (status `awaiting_payment`,
 * `reserved_until <= now`), returning their stock and cancelling their payments at the provider.
 * @returns how many orders were cancelled
 */
export async function releaseExpiredReservations(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.reservedUntil} <= ${now.toISOString()}`))
    .orderBy(orders.id)
    .limit(SWEEP_BATCH);
  let n = 0;
  for (const { id } of due) {
    const cancelled = await app.db.transaction((tx) =>
      cancelAndRelease(tx, id, now, 'Время на оплату истекло, товар снова в продаже.', true),
    );
    if (!cancelled) continue;
    n += 1;
    await cancelAtProvider(app, cancelled);
  }
  if (n) app.log.info({ released: n }, 'expired reservations released');
  return n;
}

/**
 * Starts the sweep in this process: every `everyMs` once the app is ready (`onReady`), never two sweeps at once;
 * `onClose` stops the timer and waits for a sweep in flight, so the database is not closed under it. Call before
 * `app.ready()`. Temporary: the jobs issue replaces this timer with a job (see the file comment).
 * @param everyMs the period, ms ({@link SWEEP_EVERY_MS} by default; tests pass a few ms)
 */
export function startReservationSweep(app: FastifyInstance, everyMs = SWEEP_EVERY_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = releaseExpiredReservations(app)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'releasing reservations failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
