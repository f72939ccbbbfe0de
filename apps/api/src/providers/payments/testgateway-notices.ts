/**
 * The test bank's notices, delivered like a real bank's: a notice is written to
 * `testgateway_notices` in the same transaction as the charge (or refusal) it announces, together with the job
 * of its next delivery, so neither a restart of the bank nor of the shop loses it. Delivery is `POST
 * /v1/payments/webhook/testgateway/` (in-process, or to `TESTGATEWAY_WEBHOOK_URL`), signed with the installation's
 * secret; only a 2xx answer ends it. Failed deliveries are retried by the job {@link NOTICE_JOB} with back-off
 * ({@link noticeBackoffMs}: 30 s doubling to 1 h) for {@link NOTICE_GIVE_UP_MS} (24 hours) after the charge; then
 * the notice is `dead` (the shop's own reconciliation asks the bank anyway).
 *
 * Each run of the job first queues the next one and commits, and only then delivers (after the commit, outside
 * any transaction: the shop's webhook writes through its own connection). A process killed mid-delivery is
 * therefore always followed by another delivery — at least once; the shop's webhook is idempotent.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { testgatewayNotices } from '../../db/schema/index.js';
import { signTestgatewayBody, type TestgatewayEvent } from './testgateway-webhook.js';

export const NOTICE_JOB = 'testgateway.deliver-notice';
/** How long the bank keeps trying to deliver a notice, ms (24 hours, as YooKassa does). */
export const NOTICE_GIVE_UP_MS = 24 * 3_600_000;
/** Delay after delivery number `attempt` (1-based) before the next one, ms: 30 s, 1 min, 2 min … at most 1 h. */
export const noticeBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
/** A delivery that gets no answer within this is a failed one, ms. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** When delivery number `attempt` of a notice made at `createdAt` is due, after the previous one at `now`. */
function nextRunAt(createdAt: Date, now: Date, attempt: number): Date {
  const giveUp = createdAt.getTime() + NOTICE_GIVE_UP_MS;
  return new Date(Math.min(now.getTime() + noticeBackoffMs(attempt - 1), giveUp));
}

/**
 * Records a notice the bank owes the shop, in the transaction of the charge or refusal it announces, and queues
 * its second delivery (the caller makes the first one right after the commit with {@link deliverNotice}).
 */
export async function recordNotice(app: FastifyInstance, tx: Tx, event: TestgatewayEvent): Promise<void> {
  const now = app.clock.now();
  await tx
    .insert(testgatewayNotices)
    .values({ id: event.event_id, paymentId: event.payment.id, body: event, createdAt: now });
  await app.jobs.enqueue(tx, NOTICE_JOB, { noticeId: event.event_id, attempt: 2 }, { runAt: nextRunAt(now, now, 2) });
}

/** One HTTP delivery of a signed body: the answer's status, or an error (no answer). */
async function post(app: FastifyInstance, raw: string): Promise<number> {
  const headers = {
    'content-type': 'application/json',
    'x-testgateway-signature': `sha256=${signTestgatewayBody(app.config.payments.testgatewaySecret, raw)}`,
  };
  const url = app.config.payments.testgatewayWebhookUrl;
  if (!url) {
    const res = await app.inject({ method: 'POST', url: '/v1/payments/webhook/testgateway/', payload: raw, headers });
    return res.statusCode;
  }
  const res = await fetch(url, {
    method: 'POST',
    body: raw,
    headers,
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

/**
 * Delivers a pending notice once (outside any transaction) and records the outcome: `delivered` on 2xx, else the
 * status or error for the next try. Never throws.
 * @returns true when the shop answered 2xx (now or before)
 */
export async function deliverNotice(app: FastifyInstance, noticeId: string): Promise<boolean> {
  try {
    const [n] = await app.db.select().from(testgatewayNotices).where(eq(testgatewayNotices.id, noticeId));
    if (!n || n.status === 'dead') return false;
    if (n.status === 'delivered') return true;
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await post(app, JSON.stringify(n.body));
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, 500);
    }
    const ok = status !== null && status >= 200 && status < 300;
    if (!ok) app.log.warn({ noticeId, status, error }, 'testgateway: notice not accepted, retried later');
    await app.db
      .update(testgatewayNotices)
      .set({
        attempts: sql`${testgatewayNotices.attempts} + 1`,
        lastStatus: status,
        lastError: error ?? (ok ? null : `HTTP ${status}`),
        ...(ok ? { status: 'delivered', deliveredAt: app.clock.now() } : {}),
      })
      .where(and(eq(testgatewayNotices.id, noticeId), eq(testgatewayNotices.status, 'pending')));
    return ok;
  } catch (err) {
    app.log.warn({ err, noticeId }, 'testgateway: notice delivery failed, retried later');
    return false;
  }
}

/** Notices not yet answered 2xx and not given up (for the metrics). */
export async function pendingNoticeCount(app: FastifyInstance): Promise<number> {
  const [r] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(testgatewayNotices)
    .where(eq(testgatewayNotices.status, 'pending'));
  return r?.n ?? 0;
}

/** Defines the delivery job on this process (with the test bank's routes' owner, the payments module). */
export function defineNoticeDelivery(app: FastifyInstance): void {
  app.jobs.define(NOTICE_JOB, async ({ tx, job, now, afterCommit }) => {
    const noticeId = String(job.payload.noticeId);
    const attempt = Number(job.payload.attempt) || 2;
    const [n] = await tx.select().from(testgatewayNotices).where(eq(testgatewayNotices.id, noticeId)).for('update');
    if (!n || n.status !== 'pending') return;
    if (now.getTime() >= n.createdAt.getTime() + NOTICE_GIVE_UP_MS) {
      await tx.update(testgatewayNotices).set({ status: 'dead' }).where(eq(testgatewayNotices.id, noticeId));
      app.log.warn({ noticeId, attempts: n.attempts }, 'testgateway: notice given up after 24 hours');
      return;
    }
    // The next try is queued before this one is made: a crash during delivery cannot end the chain.
    await app.jobs.enqueue(
      tx,
      NOTICE_JOB,
      { noticeId, attempt: attempt + 1 },
      { runAt: nextRunAt(n.createdAt, now, attempt + 1) },
    );
    afterCommit(async () => void (await deliverNotice(app, noticeId)));
  });
}
