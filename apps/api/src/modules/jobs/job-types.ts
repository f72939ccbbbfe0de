/**
 * What a job handler sees and gives (./queue.ts): the job row, its context (the claiming transaction, the time, an
 * after-commit hook), the options of a kind (attempts, back-off) and the failure that is not retried.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';

/** A job row as its handler sees it. */
export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  eventId: number | null;
  /** Failed runs before this one. */
  attempts: number;
  runAt: Date;
}

/** What a handler gets: the app, the transaction that claimed the job (write through it), the job, the time. */
export interface JobContext {
  app: FastifyInstance;
  tx: Tx;
  job: Job;
  now: Date;
  /**
   * Runs `fn` after the claiming transaction committed with the job `done` — for effects outside the database
   * that must not repeat (an SMS to a gateway): they happen at most once, and never for a run that failed.
   * A failure of `fn` is logged, not retried. (Inside the handler, write only through `tx`: on PGlite a query
   * on `app.db` waits for the transaction and would never run.)
   */
  afterCommit: (fn: () => Promise<void>) => void;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface JobOptions {
  /** Runs before the job is `dead` (default 10). */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based), ms. Default: 10 s · 2^(attempt−1), at most 1 h. */
  backoffMs?: (attempt: number) => number;
}

/**
 * A failure that another run cannot mend (a payload that breaks its schema): the job is `dead` at once, with
 * the error's message as its `last_error`, instead of being retried.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Default back-off: 10 s, 20 s, 40 s … capped at one hour (ms). */
export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
export const DEFAULT_MAX_ATTEMPTS = 10;
