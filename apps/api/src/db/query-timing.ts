/**
 * Query durations for `/metrics`: every query the app sends — through drizzle, `preparedRows`, a
 * transaction or a LISTEN client — is timed at the driver, so nothing that reaches the database escapes.
 * node-postgres: each pooled client's `query` is wrapped as the pool connects it (the pool's own `query` goes
 * through it; time waiting for a free client is not counted — the pool's `waiting` gauge shows that).
 * PGlite: the instance's `query` and `exec`, and those of each transaction's handle.
 */
import type { Pool } from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** Told each query's duration (seconds) and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/** The observers of one database (a set: tests may run two apps on one database). */
export class QueryObservers {
  private readonly observers = new Set<QueryObserver>();

  /**
   * Adds an observer.
   * @returns a function that removes it (call it when the app closes)
   */
  add(observer: QueryObserver): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  /** Tells every observer of one query that started at `start` (`process.hrtime.bigint()`). */
  done(start: bigint, failed: boolean): void {
    if (!this.observers.size) return;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    for (const o of this.observers) o(seconds, failed);
  }
}

type AnyFn = (...args: unknown[]) => unknown;

/**
 * `fn` timed: promise-returning calls are timed to settlement, callback-style calls (node-postgres' pool
 * passes a callback last) to the callback; anything else (a submitted stream) is not timed.
 */
function timed(fn: AnyFn, observers: QueryObservers): AnyFn {
  return function (this: unknown, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        observers.done(start, Boolean(err));
        return (last as AnyFn)(err, res);
      };
      return fn.apply(this, args);
    }
    const out = fn.apply(this, args);
    if (out instanceof Promise)
      out.then(
        () => observers.done(start, false),
        () => observers.done(start, true),
      );
    return out;
  };
}

/** Times every query of a node-postgres pool's clients. */
export function timePool(pool: Pool, observers: QueryObservers): void {
  pool.on('connect', (client) => {
    const c = client as unknown as { query: AnyFn };
    c.query = timed(c.query, observers);
  });
}

/** Times every query of a PGlite instance, inside transactions too. */
export function timePglite(client: PGlite, observers: QueryObservers): void {
  const c = client as unknown as { query: AnyFn; exec: AnyFn; transaction: AnyFn };
  c.query = timed(c.query, observers);
  c.exec = timed(c.exec, observers);
  const transaction = c.transaction;
  c.transaction = function (this: unknown, callback: unknown) {
    return transaction.call(this, (tx: { query: AnyFn; exec: AnyFn }) => {
      tx.query = timed(tx.query, observers);
      tx.exec = timed(tx.exec, observers);
      return (callback as AnyFn)(tx);
    });
  };
}
