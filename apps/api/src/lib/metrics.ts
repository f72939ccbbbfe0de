/**
 * Prometheus metrics (issue 15; `prom-client`): one registry per app (`app.metrics`, see plugins/metrics.ts,
 * scraped at `GET /metrics`). Counters count what this process saw; gauges that must agree across processes
 * are read from the database at scrape time ({@link Metrics.gaugeFromDb}), so every process answers the same.
 * Names are `vitrina_<what>`; a module adds its own metrics to {@link Metrics.registry} when it starts.
 */
import { Counter, Gauge, Registry } from 'prom-client';

/** The app's metrics. */
export interface Metrics {
  /** The registry `GET /metrics` renders (Prometheus text format). */
  registry: Registry;
  /** `vitrina_refunds_total{outcome}`: refund attempts at the provider, `succeeded` or `failed`. */
  refunds: Counter<'outcome'>;
  /**
   * `vitrina_payment_webhook_notices_total{provider,outcome}`: bank notices received — `applied`, `duplicate`,
   * `ignored`, `pending` (the bank still says pending), `rejected` (bad signature or body).
   */
  webhookNotices: Counter<'provider' | 'outcome'>;
  /**
   * Adds a gauge whose values are read (from the database) when metrics are scraped.
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
