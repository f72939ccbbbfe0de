/**
 * The demo history's money in the ledger (modules/ledger): see {@link seedLedger}.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

/**
 * The money of the seeded orders as the app would have moved it (modules/ledger, architecture «Money ledger»):
 * charge and hold when paid, release into the fee and the seller's money when completed, and every completed
 * order paid out to the seller's card a day later (or now) — so the sales center's balance and «Выплачено» are
 * alive and `npm run reconcile` finds the demo books balanced. (db/ can't call the ledger module: the same legs
 * in SQL, as the migration that opened the ledger writes them.)
 */
export async function seedLedger(tx: Tx | Db, orderIds: number[], now: Date) {
  if (!orderIds.length) return;
  const ids = sql`${`{${orderIds.join(',')}}`}::int[]`;
  const entries = sql`insert into ledger_entries (move_key, kind, account, amount, order_id, payment_id, seller_id, created_at)`;
  await tx.execute(sql`${entries}
    select 'charge:' || p.id, 'charge', leg.account, leg.amount, o.id, p.id, o.seller_id, o.paid_at
    from payments p join orders o on o.id = p.order_id
    cross join lateral (values ('buyer', -p.amount), ('clearing', p.amount)) as leg(account, amount)
    where o.id = any(${ids})`);
  await tx.execute(sql`${entries}
    select 'hold:' || o.id, 'hold', leg.account, leg.amount, o.id, null, o.seller_id, o.paid_at
    from orders o cross join lateral (values ('clearing', -o.total), ('seller_hold', o.total)) as leg(account, amount)
    where o.id = any(${ids})`);
  await tx.execute(sql`${entries}
    select 'release:' || o.id, 'release', leg.account, leg.amount, o.id, null, o.seller_id, o.completed_at
    from orders o cross join lateral
      (values ('seller_hold', -o.total), ('fees', o.fee), ('seller_available', o.total - o.fee)) as leg(account, amount)
    where o.id = any(${ids}) and o.status = 'completed' and leg.amount <> 0`);
  const sentAt = sql`least(o.completed_at + interval '1 day', ${now.toISOString()}::timestamptz)`;
  await tx.execute(sql`insert into payouts (order_id, seller_id, amount, status, provider, provider_payout_id,
      card_last4, created_at, sent_at)
    select o.id, o.seller_id, o.payout, 'sent', 'testgateway', 'demo-payout-' || o.id, '4242', o.completed_at, ${sentAt}
    from orders o where o.id = any(${ids}) and o.status = 'completed'`);
  await tx.execute(sql`${entries}
    select 'payout:' || o.id, 'payout', leg.account, leg.amount, o.id, null, o.seller_id, ${sentAt}
    from orders o cross join lateral (values ('seller_available', -o.payout), ('seller_card', o.payout)) as leg(account, amount)
    where o.id = any(${ids}) and o.status = 'completed' and o.payout <> 0`);
}
