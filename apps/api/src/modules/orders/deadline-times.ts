/**
 * When each deadline of an order falls (docs/architecture.md «Order deadlines»): one rule for every place that
 * shows or enforces it — the order's answer, the timed jobs and their sweep, the notices.
 */
import { BUYER_PROTECTION } from '@vitrina/contract/orders';
import type { orders } from '../../db/schema/index.js';
import { shipByDeadline } from '../../lib/moscow-time.js';

/** A shipped order the carrier never reported delivered counts as delivered this long after shipping: 14 days. */
export const DELIVER_WITHIN_MS = BUYER_PROTECTION.deliverWithinDays * 86_400_000;
/** A delivered order completes this long after `delivered_at` unless the buyer confirms or claims: 48 hours. */
export const CONFIRM_WITHIN_MS = BUYER_PROTECTION.confirmWithinHours * 3_600_000;

type Times = Pick<typeof orders.$inferSelect, 'status' | 'paidAt' | 'shippedAt' | 'deliveredAt'>;

/** When a shipped order counts as delivered without the carrier's report. */
export const deliverByDeadline = (shippedAt: Date): Date => new Date(shippedAt.getTime() + DELIVER_WITHIN_MS);
/** When a delivered order completes without the buyer's confirmation (exactly 48 hours, not to a day's end). */
export const confirmByDeadline = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + CONFIRM_WITHIN_MS);

/**
 * The deadlines of an order in its current status, ISO (null when none applies): `ship_by` while `paid`,
 * `deliver_by` while `shipped`, `confirm_by` while `delivered`.
 */
export function orderDeadlines(o: Times): {
  ship_by: string | null;
  deliver_by: string | null;
  confirm_by: string | null;
} {
  return {
    ship_by: o.status === 'paid' && o.paidAt ? shipByDeadline(o.paidAt).toISOString() : null,
    deliver_by: o.status === 'shipped' && o.shippedAt ? deliverByDeadline(o.shippedAt).toISOString() : null,
    confirm_by: o.status === 'delivered' && o.deliveredAt ? confirmByDeadline(o.deliveredAt).toISOString() : null,
  };
}
