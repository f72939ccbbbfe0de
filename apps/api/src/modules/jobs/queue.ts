/**
 * The job queue (architecture §6): work that happens later or elsewhere, stored in the `jobs` table
 * so that no process keeps it in memory. Any number of server processes on one PostgreSQL share the work:
 * a job is claimed with `FOR UPDATE SKIP LOCKED` and its handler runs inside the claiming transaction, so the
 * handler's database writes and the job's `done` mark commit together — a job's effects happen exactly once.
 * A failing handler is rolled back to a savepoint and the job is retried with exponential back-off; after
 * `maxAttempts` failures it is `dead` (kept for inspection, counted by {@link JobQueue.deadCount}).
 * Time is the app's injectable clock (`app.clock`): tests and `POST /v1/dev/clock/` move it and call
 * {@link JobQueue.runDue}.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  PermanentJobError,
  type Job,
  type JobHandler,
  type JobOptions,
} from './job-types.js';

interface Defined {
  handler: JobHandler;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
  /** Recurring jobs: the interval between runs, ms. */
  everyMs?: number;
}

/** The advisory lock class that marks a job running (key: {@link runningLockKey}), held by its transaction. */
export const RUNNING_LOCK_CLASS = 171717;
/** The advisory lock key of a job (the lock's `objid` in `pg_locks`): its id modulo 2³¹. */
export const runningLockKey = (id: number) => id % 2147483648;

/** The queue key of a recurring kind's one queued job. */
const everyKey = (kind: string) => `every:${kind}`;

export interface EnqueueOptions {
  /** When the job becomes due (default: now by the app clock). */
  runAt?: Date;
  /** At most one queued job per key: enqueueing a key that is already queued does nothing. */
  key?: string;
  /** The event this job handles. */
  eventId?: number;
}

/**
 * The app's job queue (`app.jobs`). Handlers are defined at start by the modules that own them
 * (`app.jobs.define('orders.expire-reservation', …)`); every process defines the same ones.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Defined>();
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  /**
   * Defines the handler of a kind of job.
   * @throws Error when the kind is defined twice (a programming error)
   */
  define(kind: string, handler: JobHandler, opts: JobOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`job kind defined twice: ${kind}`);
    this.handlers.set(kind, {
      handler,
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoffMs: opts.backoffMs ?? defaultBackoffMs,
    });
    // Each kind's failure series exist from the start at 0, so an alert on their rate sees them before a first failure.
    for (const outcome of ['retry', 'dead']) this.app.metrics.jobFailures.inc({ kind, outcome }, 0);
  }

  /**
   * Defines a recurring job: one queued job of the kind at any time (keyed `every:<kind>`), run every
   * `intervalMs` by whichever process claims it. Its first run is queued when the worker starts polling (or
   * by {@link ensureRecurring}); each run, succeeded or dead, queues the next in the claiming transaction, at
   * the first multiple of the interval after the previous due time that is still ahead (a server that was
   * down for three days runs it once, not three times).
   * @throws Error when the kind is defined twice or the interval is not positive (programming errors)
   */
  every(kind: string, intervalMs: number, handler: JobHandler, opts: JobOptions = {}): void {
    if (!(intervalMs > 0)) throw new Error(`bad interval for ${kind}`);
    this.define(kind, handler, opts);
    this.handlers.get(kind)!.everyMs = intervalMs;
  }

  /**
   * Queues the first run of every recurring kind that has no queued job (idempotent, safe on many processes
   * at once: the key allows one).
   * @param delayMs when the first run is due, from now (default 0)
   */
  async ensureRecurring(delayMs = 0): Promise<void> {
    const runAt = new Date(this.app.clock.now().getTime() + delayMs);
    for (const [kind, def] of this.handlers) {
      if (def.everyMs) await this.enqueue(this.app.db, kind, {}, { key: everyKey(kind), runAt });
    }
  }

  /** Queues the next run of a recurring job after its run at `dueAt`. */
  private async queueNext(tx: Tx, kind: string, everyMs: number, dueAt: Date, now: Date) {
    let next = dueAt.getTime() + everyMs;
    if (next <= now.getTime()) next += Math.ceil((now.getTime() - next + 1) / everyMs) * everyMs;
    await this.enqueue(tx, kind, {}, { key: everyKey(kind), runAt: new Date(next) });
  }

  /** The kinds with a handler in this process. */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Whether a kind has a handler in this process. */
  has(kind: string): boolean {
    return this.handlers.has(kind);
  }

  /**
   * Queues a job. Pass the transaction of the change the job belongs to, so the job exists exactly when the
   * change committed.
   * @param conn the change's transaction (or the database for a job on its own)
   * @returns the job's id, or null when a job with the same key is already queued
   * @throws Error for a kind with no handler (a programming error: the job could never run)
   */
  async enqueue(
    conn: Db | Tx,
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions = {},
  ): Promise<number | null> {
    const def = this.handlers.get(kind);
    if (!def) throw new Error(`no handler for job kind ${kind}`);
    const now = this.app.clock.now();
    const rows = await conn
      .insert(jobs)
      .values({
        kind,
        payload,
        eventId: opts.eventId ?? null,
        runAt: opts.runAt ?? now,
        maxAttempts: def.maxAttempts,
        key: opts.key ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: jobs.key, where: sql`status = 'queued'` })
      .returning({ id: jobs.id });
    return rows[0]?.id ?? null;
  }

  /**
   * Runs every job due by the app clock, one transaction each, until none is left (or `limit` ran). Calls made
   * while a run is in progress in this process share it. Other processes run other jobs at the same time.
   * @returns how many jobs ran (succeeded or failed)
   */
  runDue(limit = 1000): Promise<number> {
    if (this.running) return this.running;
    this.running = this.drain(limit).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(limit: number): Promise<number> {
    let n = 0;
    while (n < limit && !this.stopped) {
      const ran = await this.runOne();
      if (!ran) break;
      n += 1;
    }
    return n;
  }

  /** Claims and runs one due job. @returns false when none was due */
  private async runOne(): Promise<boolean> {
    const now = this.app.clock.now();
    let failed: { job: Job; error: unknown; dead: boolean } | null = null;
    const after: (() => Promise<void>)[] = [];
    const claimed = await this.app.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), sql`${jobs.runAt} <= ${now.toISOString()}`))
        .orderBy(jobs.runAt, jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      const row = rows[0];
      if (!row) return false;
      const job: Job = {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        eventId: row.eventId,
        attempts: row.attempts,
        runAt: row.runAt,
      };
      // Marks the job running for every process's `/metrics` (metrics.ts): a row lock is not visible to others.
      await tx.execute(sql`select pg_try_advisory_xact_lock(${RUNNING_LOCK_CLASS}, ${runningLockKey(row.id)})`);
      const def = this.handlers.get(row.kind);
      try {
        if (!def) throw new Error(`no handler for job kind ${row.kind}`);
        await tx.transaction((sp) =>
          def.handler({ app: this.app, tx: sp, job, now, afterCommit: (fn) => void after.push(fn) }),
        );
        await tx
          .update(jobs)
          .set({ status: 'done', attempts: row.attempts + 1, finishedAt: now, lastError: null })
          .where(eq(jobs.id, row.id));
        if (def.everyMs) await this.queueNext(tx, row.kind, def.everyMs, row.runAt, now);
      } catch (error) {
        after.length = 0;
        const attempts = row.attempts + 1;
        const dead = attempts >= row.maxAttempts || error instanceof PermanentJobError;
        failed = { job, error, dead };
        const backoff = def?.backoffMs ?? defaultBackoffMs;
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: String((error as Error)?.stack ?? error).slice(0, 4000),
            status: dead ? 'dead' : 'queued',
            runAt: dead ? row.runAt : new Date(now.getTime() + backoff(attempts)),
            finishedAt: dead ? now : null,
          })
          .where(eq(jobs.id, row.id));
        // A recurring job that gave up still comes back at its next time.
        if (dead && def?.everyMs) await this.queueNext(tx, row.kind, def.everyMs, row.runAt, now);
      }
      return true;
    });
    if (failed) {
      const { job, error, dead } = failed as { job: Job; error: unknown; dead: boolean };
      this.app.metrics.jobFailures.inc({ kind: job.kind, outcome: dead ? 'dead' : 'retry' });
      this.app.log.warn({ job: { id: job.id, kind: job.kind, attempts: job.attempts + 1 }, err: error }, 'job failed');
    }
    for (const fn of after) {
      await fn().catch((err: unknown) => this.app.log.warn({ err }, 'job: after-commit effect failed'));
    }
    return claimed;
  }

  /** Jobs that gave up (status `dead`): for `npm run reconcile`, metrics and the back office. */
  async deadCount(): Promise<number> {
    const [r] = await this.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.status, 'dead'));
    return r?.n ?? 0;
  }

  /**
   * Queues the recurring jobs' first runs and starts polling for due jobs every `pollMs` (the in-memory timer
   * only wakes the worker; the work itself lives in the table). 0 disables polling: jobs then run only through
   * {@link runDue}, and recurring jobs are queued only by {@link ensureRecurring} (tests count their jobs).
   */
  async start(pollMs: number): Promise<void> {
    this.stopped = false;
    if (pollMs <= 0 || this.timer) return;
    await this.ensureRecurring();
    const tick = () => {
      this.runDue().catch((err: unknown) => this.app.log.warn({ err }, 'job worker: run failed'));
    };
    this.timer = setInterval(tick, pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the run in progress (server shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
