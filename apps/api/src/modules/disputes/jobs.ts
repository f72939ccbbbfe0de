/**
 * The dispute's timers (docs/decisions/0020-claims-and-disputes.md): the seller answers a claim within 3 days
 * ({@link CLAIM_REPLY_JOB}), the buyer answers a partial offer within 3 days ({@link CLAIM_ANSWER_JOB}); a silent
 * side sends the dispute to staff. Each is a timed job keyed per claim and step (`claim:<id>:reply|answer`),
 * queued in the transaction that starts the wait, plus the recurring {@link SWEEP_CLAIMS_JOB} that queues any
 * overdue step without a job (a queue row lost to a crash or a restore). Handlers re-read the order and the claim
 * under their row locks and act only when the claim still waits past its time — an answer that came first wins.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CLAIM_REPLY_DAYS } from '@vitrina/contract/disputes';
import type { Tx } from '../../db/client.js';
import { claims, orders } from '../../db/schema/index.js';
import { escalateIn } from './decide.js';

export const CLAIM_REPLY_JOB = 'disputes.reply-deadline';
export const CLAIM_ANSWER_JOB = 'disputes.offer-deadline';
export const SWEEP_CLAIMS_JOB = 'disputes.sweep-deadlines';
/** How often the sweep looks for overdue claims without a job, ms. */
export const SWEEP_CLAIMS_EVERY_MS = 5 * 60_000;
/** How long each side has to answer, ms. */
export const CLAIM_REPLY_MS = CLAIM_REPLY_DAYS * 86_400_000;
const SWEEP_BATCH = 200;

/** Queues the escalation of a claim whose `step` (the seller's reply, the buyer's answer) is due by `by`. */
export async function scheduleClaimDeadline(
  app: FastifyInstance,
  tx: Tx,
  claimId: number,
  step: 'reply' | 'answer',
  by: Date,
): Promise<void> {
  await app.jobs.enqueue(
    tx,
    step === 'reply' ? CLAIM_REPLY_JOB : CLAIM_ANSWER_JOB,
    { claimId },
    { runAt: new Date(by.getTime() + 1), key: `claim:${claimId}:${step}` },
  );
}

/** The claim and its order under their row locks (order first: the lock order of every order path). */
export async function lockClaim(tx: Tx, claimId: number) {
  const [found] = await tx.select({ orderId: claims.orderId }).from(claims).where(eq(claims.id, claimId));
  if (!found) return null;
  const [o] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [c] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
  return o && c ? { o, c } : null;
}

/** Defines the timers' jobs and their sweep (one call per app). */
export function defineClaimJobs(app: FastifyInstance): void {
  app.jobs.define(CLAIM_REPLY_JOB, async ({ tx, job, now }) => {
    const found = await lockClaim(tx, Number(job.payload.claimId));
    if (found?.c.status === 'open' && now > found.c.replyBy) await escalateIn(app, tx, found.c, 'timeout', now);
  });
  app.jobs.define(CLAIM_ANSWER_JOB, async ({ tx, job, now }) => {
    const found = await lockClaim(tx, Number(job.payload.claimId));
    const by = found?.c.answerBy;
    if (found?.c.status === 'offered' && by && now > by) await escalateIn(app, tx, found.c, 'timeout', now);
  });
  app.jobs.every(SWEEP_CLAIMS_JOB, SWEEP_CLAIMS_EVERY_MS, async ({ tx, now }) => {
    const late = (status: 'open' | 'offered', column: typeof claims.replyBy | typeof claims.answerBy) =>
      tx
        .select({ id: claims.id, by: column })
        .from(claims)
        .where(and(eq(claims.status, status), lt(column, now)))
        .orderBy(claims.id)
        .limit(SWEEP_BATCH);
    for (const c of await late('open', claims.replyBy)) await scheduleClaimDeadline(app, tx, c.id, 'reply', c.by!);
    for (const c of await late('offered', claims.answerBy)) await scheduleClaimDeadline(app, tx, c.id, 'answer', c.by!);
  });
}
