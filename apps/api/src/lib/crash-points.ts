/**
 * Named crash points for the SIGKILL tests («a server killed at any moment of checkout loses no
 * money»). `crashPoint('bank.charged')` kills this process on the spot — `SIGKILL`, no cleanup, no answer —
 * when `VITRINA_CRASH_AT` names the point and `NODE_ENV` is not `production`; otherwise it does nothing.
 * The test (`apps/api/test/server/sigkill.race.test.ts`) starts the real server with the variable set, drives a
 * checkout to the point, and checks what the restarted server makes of it.
 */

/** The points, in checkout order. */
export const CRASH_POINTS = [
  /** The provider created the payment; its id is not saved yet. */
  'checkout.payment-created',
  /** The order's transaction (stock, order, pending payment) committed; the provider was not asked yet. */
  'checkout.order-committed',
  /** The test bank committed the charge and its notice; the notice was not delivered yet. */
  'bank.charged',
  /** Our webhook applied the charge; its transaction has not committed. */
  'webhook.before-commit',
  /** Our webhook committed; the bank has not had its answer. */
  'webhook.after-commit',
  /** The expiry (or the reconciliation of pending payments) released a reservation; not committed yet. */
  'expiry.before-commit',
  /** The refund job had the bank refund a charge; its transaction has not committed. */
  'refund.before-commit',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Kills the process with SIGKILL when `VITRINA_CRASH_AT` names `point` (never in production). */
export function crashPoint(point: CrashPoint): void {
  if (process.env.NODE_ENV === 'production' || process.env.VITRINA_CRASH_AT !== point) return;
  process.kill(process.pid, 'SIGKILL');
}
