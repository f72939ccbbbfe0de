/**
 * Prometheus metrics (`prom-client`): one registry per app (`app.metrics`, see plugins/metrics.ts,
 * scraped at `GET /metrics`). Counters count what this process saw; gauges that must agree across processes
 * are read from the database at scrape time ({@link Metrics.gaugeFromDb}), so every process answers the same.
 * Names are `vitrina_<what>` (but `http_request_duration_seconds` and Node's default metrics, named as every
 * Prometheus dashboard expects); a module adds its own metrics to {@link Metrics.registry} when it starts.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The app's metrics. */
export interface Metrics {
  /** The registry `GET /metrics` renders (Prometheus text format). */
  registry: Registry;
  /**
   * `http_request_duration_seconds{method,route,status}`: answer times. `route` is the route's pattern
   * (`/v1/products/:slug/`), never the raw URL; `(page)` for server-rendered pages, `(unmatched)` otherwise.
   */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** `vitrina_db_query_duration_seconds{driver,outcome}`: each query's time at the driver (`ok`, `error`). */
  dbQueryDuration: Histogram<'driver' | 'outcome'>;
  /** `vitrina_job_failures_total{kind,outcome}`: failed job runs — `retry` (queued again) or `dead` (gave up). */
  jobFailures: Counter<'kind' | 'outcome'>;
  /** `vitrina_refunds_total{outcome}`: refund attempts at the provider, `succeeded` or `failed`. */
  refunds: Counter<'outcome'>;
  /**
   * `vitrina_payment_webhook_notices_total{provider,outcome}`: bank notices received — `applied`, `duplicate`,
   * `ignored`, `pending` (the bank still says pending), `rejected` (bad signature or body).
   */
  webhookNotices: Counter<'provider' | 'outcome'>;
  /**
   * Adds a gauge whose values are read when metrics are scraped — from the database (then every process
   * reports the same figure) or from the process (its pool, its open sockets).
   * @param collect returns the value per label set (`{labels: {state: 'dead'}, value: 2}`)
   */
  gaugeFromDb<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: () => Promise<{ labels: Partial<Record<L, string>>; value: number }[]>,
  ): void;
}

/** A fresh registry with the base metrics (each app has its own: tests run several apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  // process_resident_memory_bytes, nodejs_eventloop_lag_seconds, nodejs_heap_size_used_bytes, GC…
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answer time by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const dbQueryDuration = new Histogram({
    name: 'vitrina_db_query_duration_seconds',
    help: 'Database query time at the driver by driver (pglite, postgres) and outcome (ok, error)',
    labelNames: ['driver', 'outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'vitrina_job_failures_total',
    help: 'Failed job runs by kind and outcome (retry: queued again, dead: gave up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'vitrina_refunds_total',
    help: 'Refund attempts at the payment provider by outcome (succeeded, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhookNotices = new Counter({
    name: 'vitrina_payment_webhook_notices_total',
    help: 'Payment notices received from the bank by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    dbQueryDuration,
    jobFailures,
    refunds,
    webhookNotices,
    gaugeFromDb(name, help, labelNames, collect) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await collect()) {
            if (labelNames.length) this.set(labels as never, value);
            else this.set(value);
          }
        },
      });
    },
  };
}
