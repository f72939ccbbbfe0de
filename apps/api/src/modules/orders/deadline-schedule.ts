/**
 * Queuing the timed jobs of a paid order's deadlines (docs/architecture.md «Order deadlines»; the handlers are
 * deadlines.ts): each keyed per order and step, so queuing one twice (the step's transaction, then the sweep) keeps
 * one job.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { fromMoscowWall, moscowParts, shipByDeadline } from '../../lib/moscow-time.js';
import { confirmByDeadline, deliverByDeadline } from './deadline-times.js';

export const SHIP_REMINDER_JOB = 'orders.ship-reminder';
export const SHIP_DEADLINE_JOB = 'orders.ship-deadline';
export const DELIVER_JOB = 'orders.auto-deliver';
export const COMPLETE_JOB = 'orders.auto-complete';
export const SWEEP_DEADLINES_JOB = 'orders.sweep-deadlines';
/** The days after the payment's (Moscow) day on which the seller is reminded to ship, at 10:00 Moscow time. */
export const SHIP_REMINDER_DAYS = [3, 4] as const;

const key = (orderId: number, step: string) => `order:${orderId}:${step}`;

/** 10:00 Moscow time `days` days after the Moscow day of `paidAt`. */
function reminderAt(paidAt: Date, days: number): Date {
  const p = moscowParts(paidAt);
  return fromMoscowWall(Date.UTC(p.year, p.month - 1, p.day + days, 10));
}

/** Queues the reminders and the ship-by deadline of an order paid at `paidAt` (in the caller's transaction). */
export async function scheduleShipDeadline(app: FastifyInstance, tx: Tx, orderId: number, paidAt: Date) {
  const now = app.clock.now();
  for (const days of SHIP_REMINDER_DAYS) {
    const at = reminderAt(paidAt, days);
    if (at > now)
      await app.jobs.enqueue(
        tx,
        SHIP_REMINDER_JOB,
        { orderId, days },
        { runAt: at, key: key(orderId, `remind-${days}`) },
      );
  }
  const due = new Date(shipByDeadline(paidAt).getTime() + 1);
  await app.jobs.enqueue(tx, SHIP_DEADLINE_JOB, { orderId }, { runAt: due, key: key(orderId, 'ship-by') });
}

/** Queues the delivery by time of an order shipped at `shippedAt`. */
export async function scheduleDelivery(app: FastifyInstance, tx: Tx, orderId: number, shippedAt: Date) {
  await app.jobs.enqueue(
    tx,
    DELIVER_JOB,
    { orderId },
    { runAt: deliverByDeadline(shippedAt), key: key(orderId, 'deliver') },
  );
}

/** Queues the completion by time of an order delivered at `deliveredAt`. */
export async function scheduleCompletion(app: FastifyInstance, tx: Tx, orderId: number, deliveredAt: Date) {
  await app.jobs.enqueue(
    tx,
    COMPLETE_JOB,
    { orderId },
    { runAt: confirmByDeadline(deliveredAt), key: key(orderId, 'complete') },
  );
}
