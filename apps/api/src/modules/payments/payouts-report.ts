/**
 * Payouts not sent yet that a person should know about (part of `npm run reconcile`): a payout whose
 * job has failed at least once (the provider errs: retried with back-off) or gave up, one the provider refused
 * (tried again under a new key), and a payout waiting for the seller's payout card.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { PAYOUT_JOB } from './payouts.js';

export interface StuckPayout {
  orderId: number;
  orderNumber: string;
  sellerId: number;
  /** Kopecks. */
  amount: number;
  /** `failing` (retried), `dead` (the job gave up) or `waiting_card`. */
  state: 'failing' | 'dead' | 'waiting_card';
  attempts: number;
  lastError: string | null;
}

/** Reads the payouts that are failing, dead or waiting for a card (no writes), oldest first. */
export async function stuckPayouts(db: Db): Promise<StuckPayout[]> {
  const rows = await queryRows<{
    order_id: number;
    number: string;
    seller_id: number;
    amount: number;
    status: string;
    job_status: string | null;
    attempts: number | null;
    last_error: string | null;
    key_seq: number;
  }>(
    db,
    sql`select p.order_id, o.number, p.seller_id, p.amount, p.status, p.key_seq, j.status as job_status, j.attempts,
          coalesce(j.last_error, p.last_error) as last_error
        from payouts p
        join orders o on o.id = p.order_id
        left join lateral (
          select status, attempts, last_error from jobs
          where kind = ${PAYOUT_JOB} and payload->>'orderId' = p.order_id::text
          order by id desc limit 1
        ) j on true
        where p.status <> 'sent'
        order by p.created_at, p.order_id`,
  );
  return rows.flatMap((r): StuckPayout[] => {
    const state =
      r.status === 'waiting_card'
        ? 'waiting_card'
        : r.job_status === 'dead'
          ? 'dead'
          : (r.attempts ?? 0) > 0 || Number(r.key_seq) > 0
            ? 'failing'
            : null;
    if (!state) return [];
    return [
      {
        orderId: Number(r.order_id),
        orderNumber: r.number,
        sellerId: Number(r.seller_id),
        amount: Number(r.amount),
        state,
        attempts: Number(r.attempts ?? 0),
        lastError: r.last_error,
      },
    ];
  });
}
