/**
 * The ledger balance check (a test and `npm run reconcile`): the ledger must agree with the orders
 * and payments it records, per order and in total.
 * - every move sums to zero;
 * - **charges = paid orders + refunds**: what the bank took for an order (ledger `charge`, and the payments
 *   `succeeded`/`refunded`) equals the hold of a paid order (its total, when it is paid, shipped, delivered,
 *   disputed or completed, less what a dispute returned from the hold: `hold_refund`) plus what went back (ledger
 *   `refund` = the payments' refunded amounts, whole or partial) plus a refund still on its way (a charge of an
 *   order that cannot be fulfilled, or a dispute's partial refund still `pending`, listed by the reconcile report
 *   until its job ends);
 * - **payouts + fees + holds = completed and open orders**: per order, paid out + fee + still held + available
 *   equals the total of a completed or open (paid/shipped/delivered/disputed) order less what a dispute returned,
 *   0 otherwise (cancelled and refunded orders); a completed order's fee is the order's fee (after a partial refund:
 *   the fee on the rest) and its payout the payout sent (`payouts.status = sent`).
 * Read-only.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/** Order states whose money belongs to the order (held or released). */
const FULFILLED = ['paid', 'shipped', 'delivered', 'disputed', 'completed'];

/** One disagreement: what was expected (from orders/payments) and what the ledger holds, kopecks. */
export interface LedgerMismatch {
  /** Null for a move that does not balance across orders (or the totals). */
  orderId: number | null;
  orderNumber: string | null;
  /** What disagrees, in Russian. */
  what: string;
  expected: number;
  actual: number;
}

/** Totals over all orders, kopecks. */
export interface LedgerTotals {
  charges: number;
  /** Holds of paid orders (their totals). */
  paidOrders: number;
  refunds: number;
  /** Charges whose refund is still on its way. */
  refundsPending: number;
  payouts: number;
  fees: number;
  holds: number;
  available: number;
  /** Totals of completed and open orders. */
  completedAndOpen: number;
}

export interface LedgerCheck {
  ok: boolean;
  mismatches: LedgerMismatch[];
  totals: LedgerTotals;
}

interface OrderRow {
  id: number;
  number: string;
  status: string;
  total: number;
  fee: number;
  charged: number;
  refunded: number;
  held: number;
  released: number;
  fee_taken: number;
  paid_out: number;
  clearing: number;
  hold_returned: number;
  part_pending: number;
  hold_bal: number;
  avail_bal: number;
  pay_charged: number;
  pay_refunded: number;
  pay_open: number;
  payout_sent: number;
}

/** Reads the ledger and the orders it concerns and lists every disagreement (see the module comment). */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const unbalanced = await queryRows<{ move_key: string; order_id: number; sum: string | number }>(
    db,
    sql`select move_key, min(order_id) as order_id, sum(amount) as sum from ledger_entries
        group by move_key having sum(amount) <> 0 or count(distinct order_id) > 1`,
  );
  const raw = await queryRows<Record<keyof OrderRow, string | number>>(
    db,
    sql`with l as (
      select order_id,
        sum(amount) filter (where kind = 'charge' and account = 'clearing') as charged,
        sum(amount) filter (where kind = 'refund' and account = 'buyer') as refunded,
        sum(amount) filter (where kind in ('hold', 'unhold', 'hold_refund') and account = 'seller_hold') as held,
        -sum(amount) filter (where kind = 'hold_refund' and account = 'seller_hold') as hold_returned,
        -sum(amount) filter (where kind = 'release' and account = 'seller_hold') as released,
        sum(amount) filter (where kind = 'release' and account = 'fees') as fee_taken,
        sum(amount) filter (where kind = 'payout' and account = 'seller_card') as paid_out,
        sum(amount) filter (where account = 'clearing') as clearing,
        sum(amount) filter (where account = 'seller_hold') as hold_bal,
        sum(amount) filter (where account = 'seller_available') as avail_bal
      from ledger_entries group by order_id
    ), p as (
      select order_id,
        sum(amount) filter (where status in ('succeeded', 'refunded')) as pay_charged,
        sum(refunded_amount) as pay_refunded,
        sum(amount) filter (where status = 'succeeded') as pay_open
      from payments group by order_id
    ), r as (
      select order_id, sum(amount) filter (where status = 'pending') as part_pending
      from partial_refunds group by order_id
    )
    select o.id, o.number, o.status, o.total, o.fee,
      coalesce(l.charged, 0) as charged, coalesce(l.refunded, 0) as refunded, coalesce(l.held, 0) as held,
      coalesce(l.released, 0) as released, coalesce(l.fee_taken, 0) as fee_taken,
      coalesce(l.paid_out, 0) as paid_out, coalesce(l.clearing, 0) as clearing,
      coalesce(l.hold_returned, 0) as hold_returned, coalesce(r.part_pending, 0) as part_pending,
      coalesce(l.hold_bal, 0) as hold_bal, coalesce(l.avail_bal, 0) as avail_bal,
      coalesce(p.pay_charged, 0) as pay_charged, coalesce(p.pay_refunded, 0) as pay_refunded,
      coalesce(p.pay_open, 0) as pay_open,
      coalesce((select amount from payouts where order_id = o.id and status = 'sent'), 0) as payout_sent
    from orders o
    left join l on l.order_id = o.id
    left join p on p.order_id = o.id
    left join r on r.order_id = o.id
    where l.order_id is not null or p.pay_charged is not null
    order by o.id`,
  );
  const mismatches: LedgerMismatch[] = unbalanced.map((u) => ({
    orderId: Number(u.order_id),
    orderNumber: null,
    what: `движение ${u.move_key} не сходится в ноль или касается разных заказов`,
    expected: 0,
    actual: Number(u.sum),
  }));
  const totals: LedgerTotals = {
    charges: 0,
    paidOrders: 0,
    refunds: 0,
    refundsPending: 0,
    payouts: 0,
    fees: 0,
    holds: 0,
    available: 0,
    completedAndOpen: 0,
  };
  for (const r of raw) {
    const o = Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, k === 'number' || k === 'status' ? v : Number(v)]),
    ) as unknown as OrderRow;
    const fulfilled = FULFILLED.includes(o.status);
    const completed = o.status === 'completed';
    // A charge of an order that cannot be fulfilled waits for its refund (the reconcile report lists it), as does
    // a dispute's partial refund.
    const pending = (fulfilled ? 0 : o.pay_open) + o.part_pending;
    // What stays the order's after a dispute returned part of the hold to the buyer.
    const kept = fulfilled ? o.total - o.hold_returned : 0;
    const expect = (what: string, expected: number, actual: number) => {
      if (expected !== actual) mismatches.push({ orderId: o.id, orderNumber: o.number, what, expected, actual });
    };
    expect('списания: платежи банка и записи журнала', o.pay_charged, o.charged);
    expect('возвраты: платежи и записи журнала', o.pay_refunded, o.refunded);
    expect('удержание оплаченного заказа (за вычетом возврата по спору)', kept, o.held);
    expect('списания = оплаченный заказ + возвраты', o.charged, o.held + o.refunded + pending);
    expect('остаток на транзитном счёте = возврат в пути', pending, o.clearing);
    expect('освобождение удержания по завершённому заказу', completed ? kept : 0, o.released);
    expect('комиссия завершённого заказа', completed ? o.fee : 0, o.fee_taken);
    expect('выплата продавцу: отправленная и записанная', o.payout_sent, o.paid_out);
    expect(
      'выплаты + комиссии + удержания = завершённые и открытые заказы',
      kept,
      o.paid_out + o.fee_taken + o.hold_bal + o.avail_bal,
    );
    totals.charges += o.charged;
    totals.paidOrders += o.held;
    totals.refunds += o.refunded;
    totals.refundsPending += pending;
    totals.payouts += o.paid_out;
    totals.fees += o.fee_taken;
    totals.holds += o.hold_bal;
    totals.available += o.avail_bal;
    totals.completedAndOpen += kept;
  }
  const total = (what: string, expected: number, actual: number) => {
    if (expected !== actual) mismatches.push({ orderId: null, orderNumber: null, what, expected, actual });
  };
  total(
    'итого: списания = оплаченные заказы + возвраты',
    totals.charges,
    totals.paidOrders + totals.refunds + totals.refundsPending,
  );
  total(
    'итого: выплаты + комиссии + удержания = завершённые и открытые заказы',
    totals.completedAndOpen,
    totals.payouts + totals.fees + totals.holds + totals.available,
  );
  return { ok: mismatches.length === 0, mismatches, totals };
}
