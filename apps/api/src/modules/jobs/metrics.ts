/**
 * The queue's depth for `/metrics`, read from the database at scrape so that every process reports
 * the same: `vitrina_jobs{kind,state}` — `pending` (due, waiting for a worker), `scheduled` (due later),
 * `running` (claimed by a worker of any process: its transaction holds the job's advisory lock, queue.ts) and
 * `dead` (gave up). Failures are counted as they happen (`vitrina_job_failures_total`, queue.ts).
 * On PGlite a scrape waits for a running job's transaction (one connection), so `running` is always 0 there.
 * `pg_locks` lists the locks of every database on the server: only this database's count (another database's
 * job with the same id would otherwise show here as running — seen with test databases side by side).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.js';
import { RUNNING_LOCK_CLASS } from './queue.js';

const STATES = ['pending', 'scheduled', 'running', 'dead'] as const;

/** Registers `vitrina_jobs{kind,state}` with `app.metrics`. */
export function defineJobMetrics(app: FastifyInstance): void {
  app.metrics.gaugeFromDb(
    'vitrina_jobs',
    'Jobs by kind and state (pending, scheduled, running, dead)',
    ['kind', 'state'],
    async () => {
      const now = app.clock.now().toISOString();
      const rows = await queryRows<{ kind: string; state: (typeof STATES)[number]; n: number }>(
        app.db,
        sql`with running as (
            select objid::text::bigint as key from pg_locks
            where locktype = 'advisory' and classid = ${RUNNING_LOCK_CLASS} and objsubid = 2 and granted
              and database = (select oid from pg_database where datname = current_database()))
          select kind, case when status = 'dead' then 'dead'
                            when id % 2147483648 in (select key from running) then 'running'
                            when run_at <= ${now} then 'pending' else 'scheduled' end as state,
                 count(*)::int as n
          from jobs where status = 'queued' or status = 'dead' group by 1, 2`,
      );
      // Every kind this process knows appears with all its states (a 0 is a figure too), plus any kind found.
      const kinds = new Set([...app.jobs.kinds(), ...rows.map((r) => r.kind)]);
      const by = new Map(rows.map((r) => [`${r.kind}\u0000${r.state}`, r.n]));
      return [...kinds].flatMap((kind) =>
        STATES.map((state) => ({ labels: { kind, state }, value: by.get(`${kind}\u0000${state}`) ?? 0 })),
      );
    },
  );
}
