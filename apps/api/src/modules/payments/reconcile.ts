/**
 * Reconciliation of money (`npm run reconcile`): what the shop owes its buyers and what its jobs gave
 * up on, read from the database alone.
 * - **charges without a delivered order** — payments `succeeded` whose order is not paid/shipped/delivered/
 *   completed and that were not refunded, each with its refund job (attempts, last error) if there is one;
 * - **dead jobs** — any job that gave up (status `dead`);
 * - **payouts not sent** — failing, dead, or waiting for the seller's card ({@link stuckPayouts});
 * - **partial refunds not made** — a dispute's partial refund still `pending`, with its job's state;
 * - **the ledger** — {@link checkLedger}: charges = paid orders + refunds, payouts + fees + holds = completed and
 *   open orders, per order and in total.
 * A person is needed ({@link ReconcileReport.needsPerson}) when a charge has no refund job queued, a refund is
 * failing (at least one failed attempt) or dead, a payout is failing, any job is dead, or the ledger disagrees
 * (a payout waiting for the seller's card is listed, but it is the seller's move).
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { orderStatusLabel } from '@vitrina/contract/orders';
import type { Db } from '../../db/client.js';
import { formatRub } from '../../lib/money.js';
import { jobs, orders, partialRefunds, payments } from '../../db/schema/index.js';
import { REFUND_JOB } from './refunds.js';
import { PARTIAL_REFUND_JOB } from './partial-refunds.js';
import { checkLedger, type LedgerCheck } from '../ledger/index.js';
import { stuckPayouts, type StuckPayout } from './payouts-report.js';

/** A charge that has not become a delivered order or a refund. */
export interface UnsettledCharge {
  paymentId: string;
  provider: string;
  providerPaymentId: string | null;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  /** Kopecks. */
  amount: number;
  chargedAt: Date;
  /** `pending` (queued, not failed yet), `failing` (queued after failures), `dead`, or `missing` (no refund job). */
  refund: 'pending' | 'failing' | 'dead' | 'missing';
  jobId: number | null;
  attempts: number;
  lastError: string | null;
  nextTryAt: Date | null;
}

export interface DeadJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  finishedAt: Date | null;
}

/** A dispute's partial refund the provider has not confirmed yet. */
export interface PendingPartialRefund {
  refundId: string;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  /** `pending` (queued, not failed yet), `failing`, `dead` or `missing` (no job). */
  state: 'pending' | 'failing' | 'dead' | 'missing';
  attempts: number;
  lastError: string | null;
}

export interface ReconcileReport {
  charges: UnsettledCharge[];
  partialRefunds: PendingPartialRefund[];
  deadJobs: DeadJob[];
  payouts: StuckPayout[];
  ledger: LedgerCheck;
  needsPerson: boolean;
}

/** Order states in which a charge is settled (the buyer gets, or got, the goods). */
const FULFILLED = ['paid', 'shipped', 'delivered', 'disputed', 'completed'];

/** Reads the report (no writes). */
export async function reconcileReport(db: Db): Promise<ReconcileReport> {
  const rows = await db
    .select({ pay: payments, order: { id: orders.id, number: orders.number, status: orders.status } })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'succeeded'), notInArray(orders.status, FULFILLED)))
    .orderBy(payments.updatedAt);
  const ids = rows.map((r) => r.pay.id);
  const refundJobs = ids.length
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, REFUND_JOB), inArray(sql<string>`${jobs.payload}->>'paymentId'`, ids)))
        .orderBy(desc(jobs.id))
    : [];
  const charges: UnsettledCharge[] = rows.map(({ pay, order }) => {
    const js = refundJobs.filter((j) => j.payload.paymentId === pay.id);
    const job = js.find((j) => j.status === 'queued') ?? js.find((j) => j.status === 'dead') ?? null;
    const refund: UnsettledCharge['refund'] = !job
      ? 'missing'
      : job.status === 'dead'
        ? 'dead'
        : job.attempts > 0
          ? 'failing'
          : 'pending';
    return {
      paymentId: pay.id,
      provider: pay.provider,
      providerPaymentId: pay.providerPaymentId,
      orderId: order.id,
      orderNumber: order.number,
      orderStatus: order.status,
      amount: pay.amount,
      chargedAt: pay.updatedAt,
      refund,
      jobId: job?.id ?? null,
      attempts: job?.attempts ?? 0,
      lastError: job?.lastError ?? null,
      nextTryAt: job?.status === 'queued' ? job.runAt : null,
    };
  });
  const dead = await db.select().from(jobs).where(eq(jobs.status, 'dead')).orderBy(jobs.id);
  const deadJobs = dead.map((j) => ({
    id: j.id,
    kind: j.kind,
    payload: j.payload,
    attempts: j.attempts,
    lastError: j.lastError,
    finishedAt: j.finishedAt,
  }));
  const ledger = await checkLedger(db);
  const stuck = await stuckPayouts(db);
  const parts = await pendingPartialRefunds(db);
  const needsPerson =
    deadJobs.length > 0 ||
    charges.some((c) => c.refund !== 'pending') ||
    parts.some((p) => p.state !== 'pending') ||
    stuck.some((p) => p.state !== 'waiting_card') ||
    !ledger.ok;
  return { charges, partialRefunds: parts, deadJobs, payouts: stuck, ledger, needsPerson };
}

/** Partial refunds still `pending`, each with its job's state. */
async function pendingPartialRefunds(db: Db): Promise<PendingPartialRefund[]> {
  const rows = await db
    .select({ r: partialRefunds, number: orders.number })
    .from(partialRefunds)
    .innerJoin(orders, eq(orders.id, partialRefunds.orderId))
    .where(eq(partialRefunds.status, 'pending'))
    .orderBy(partialRefunds.createdAt);
  if (!rows.length) return [];
  const js = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, PARTIAL_REFUND_JOB),
        inArray(
          sql<string>`${jobs.payload}->>'refundId'`,
          rows.map((x) => x.r.id),
        ),
      ),
    );
  return rows.map(({ r, number }) => {
    const job = js.find((j) => j.payload.refundId === r.id && j.status !== 'done');
    const state = !job ? 'missing' : job.status === 'dead' ? 'dead' : job.attempts > 0 ? 'failing' : 'pending';
    return {
      refundId: r.id,
      orderNumber: number,
      amount: r.amount,
      state,
      attempts: job?.attempts ?? 0,
      lastError: job?.lastError ?? null,
    };
  });
}

const firstLine = (s: string | null) => (s ?? '').split('\n')[0]!.slice(0, 200);

const REFUND_LABEL: Record<UnsettledCharge['refund'], string> = {
  pending: 'возврат в очереди',
  failing: 'возврат не проходит, повторяется',
  dead: 'возврат остановлен (задача dead) — нужен человек',
  missing: 'возврата нет — нужен человек',
};

/** The report as text for a person (Russian). */
export function formatReport(r: ReconcileReport): string {
  const out: string[] = [];
  out.push(`Оплаты без выполненного заказа и без возврата: ${r.charges.length}`);
  for (const c of r.charges) {
    out.push(
      `  • заказ ${c.orderNumber} («${orderStatusLabel(c.orderStatus)}»), платёж ${c.paymentId} [${c.provider} ${c.providerPaymentId ?? '—'}], ${formatRub(c.amount)}: ${REFUND_LABEL[c.refund]}` +
        (c.jobId ? `; задача ${c.jobId}, попыток ${c.attempts}` : '') +
        (c.nextTryAt ? `, следующая ${c.nextTryAt.toISOString()}` : '') +
        (c.lastError ? `\n      последняя ошибка: ${firstLine(c.lastError)}` : ''),
    );
  }
  out.push(`Частичные возвраты по спорам в пути: ${r.partialRefunds.length}`);
  for (const p of r.partialRefunds) {
    out.push(
      `  • заказ ${p.orderNumber}, возврат ${p.refundId}, ${formatRub(p.amount)}: ${REFUND_LABEL[p.state]}` +
        (p.attempts ? `; попыток ${p.attempts}` : '') +
        (p.lastError ? `\n      последняя ошибка: ${firstLine(p.lastError)}` : ''),
    );
  }
  out.push(`Задачи, которые сдались (dead): ${r.deadJobs.length}`);
  for (const j of r.deadJobs) {
    out.push(
      `  • ${j.id} ${j.kind} ${JSON.stringify(j.payload)}, попыток ${j.attempts}` +
        (j.lastError ? `\n      последняя ошибка: ${firstLine(j.lastError)}` : ''),
    );
  }
  const PAYOUT_LABEL: Record<StuckPayout['state'], string> = {
    failing: 'выплата не проходит, повторяется',
    dead: 'выплата остановлена (задача dead) — нужен человек',
    waiting_card: 'ждёт карту для выплат от продавца',
  };
  out.push(`Выплаты продавцам, которые не отправлены: ${r.payouts.length}`);
  for (const p of r.payouts) {
    out.push(
      `  • заказ ${p.orderNumber}, продавец ${p.sellerId}, ${formatRub(p.amount)}: ${PAYOUT_LABEL[p.state]}` +
        (p.attempts ? `; попыток ${p.attempts}` : '') +
        (p.lastError ? `\n      последняя ошибка: ${firstLine(p.lastError)}` : ''),
    );
  }
  const t = r.ledger.totals;
  out.push(
    `Журнал денег: списания ${formatRub(t.charges)} = оплаченные заказы ${formatRub(t.paidOrders)} + возвраты ${formatRub(t.refunds)}` +
      ` + возвраты в пути ${formatRub(t.refundsPending)}; выплаты ${formatRub(t.payouts)} + комиссии ${formatRub(t.fees)}` +
      ` + удержания ${formatRub(t.holds)} + к выплате ${formatRub(t.available)} = завершённые и открытые заказы ${formatRub(t.completedAndOpen)}`,
  );
  out.push(`Расхождения журнала: ${r.ledger.mismatches.length}`);
  for (const m of r.ledger.mismatches) {
    out.push(
      `  • ${m.orderNumber ? `заказ ${m.orderNumber}: ` : m.orderId ? `заказ #${m.orderId}: ` : ''}${m.what} — ` +
        `ожидалось ${formatRub(m.expected)}, в журнале ${formatRub(m.actual)}`,
    );
  }
  out.push(r.needsPerson ? 'Итог: нужен человек.' : 'Итог: всё сходится.');
  return out.join('\n');
}
