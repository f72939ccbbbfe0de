/**
 * The payments module's gauges, read from the database when `/metrics` is scraped so that every
 * process reports the same figures:
 * - `vitrina_refunds{state}` — refunds still owed: `pending` (queued, not failed yet), `failing` (failed at least
 *   once, retried), `dead` (gave up: a person must look, see `npm run reconcile`);
 * - `vitrina_testgateway_notices_waiting` — test bank notices not yet answered 2xx (and not given up).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema/index.js';
import { pendingNoticeCount } from '../../providers/payments/testgateway-notices.js';
import { REFUND_JOB } from './refunds.js';

/** Registers the gauges with `app.metrics`. */
export function definePaymentMetrics(app: FastifyInstance): void {
  app.metrics.gaugeFromDb(
    'vitrina_refunds',
    'Refunds owed to buyers by state (pending, failing, dead)',
    ['state'],
    async () => {
      const rows = await app.db
        .select({
          state: sql<string>`case when ${jobs.status} = 'dead' then 'dead' when ${jobs.attempts} > 0 then 'failing' else 'pending' end`,
          n: sql<number>`count(*)::int`,
        })
        .from(jobs)
        .where(and(eq(jobs.kind, REFUND_JOB), inArray(jobs.status, ['queued', 'dead'])))
        .groupBy(sql`1`);
      const by = new Map(rows.map((r) => [r.state, r.n]));
      return ['pending', 'failing', 'dead'].map((state) => ({ labels: { state }, value: by.get(state) ?? 0 }));
    },
  );
  app.metrics.gaugeFromDb(
    'vitrina_testgateway_notices_waiting',
    'Test bank notices not yet answered 2xx by the shop (delivery retried for 24 hours)',
    [],
    async () => [{ labels: {}, value: await pendingNoticeCount(app) }],
  );
}
