/**
 * The seller's money read from the ledger (`GET /v1/sales/balance/`, contract `balanceSchema`).
 */
import { sql } from 'drizzle-orm';
import type { Balance } from '@vitrina/contract/sales';
import { queryRows, type Db } from '../../db/client.js';
import { toRubles } from '../../lib/money.js';

/**
 * A seller's balance: held for paid orders awaiting completion, available (completed, not paid out yet), paid out
 * and fees of all time (rubles), and the time of the last payout (ISO) or null. One indexed aggregate.
 * @param sellerId the seller (a user id); a user who never sold gets zeros
 */
export async function sellerBalance(db: Db, sellerId: number): Promise<Balance> {
  const [r] = await queryRows<{
    hold: string | number | null;
    available: string | number | null;
    paid_out: string | number | null;
    fees: string | number | null;
    last_payout_at: string | Date | null;
  }>(
    db,
    sql`select
      sum(amount) filter (where account = 'seller_hold') as hold,
      sum(amount) filter (where account = 'seller_available') as available,
      sum(amount) filter (where account = 'seller_card') as paid_out,
      sum(amount) filter (where account = 'fees') as fees,
      max(created_at) filter (where account = 'seller_card') as last_payout_at
    from ledger_entries
    where seller_id = ${sellerId} and account in ('seller_hold', 'seller_available', 'seller_card', 'fees')`,
  );
  const k = (v: string | number | null | undefined) => toRubles(Number(v ?? 0));
  return {
    awaiting_completion: k(r?.hold),
    available: k(r?.available),
    paid_out: k(r?.paid_out),
    fees: k(r?.fees),
    last_payout_at: r?.last_payout_at ? new Date(r.last_payout_at).toISOString() : null,
  };
}
