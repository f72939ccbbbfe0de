/**
 * One measurement of `npm run bench` (bench/run.ts): autocannon against a running server after a warm-up, with the
 * CPU time per request of the server process and of its PostgreSQL backends.
 */
import autocannon from 'autocannon';
import { backends, cpuMs, cpuSince } from './server.js';

/** The load of every measurement: autocannon's connections and the seconds measured. */
export interface Load {
  connections: number;
  duration: number;
}

/** One scenario's figures. */
export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request, ms: the server process and the PostgreSQL backends of its database (null: unknown). */
  cpuNode: number | null;
  cpuPg: number | null;
}

/** Whose CPU a measurement counts: the server's process id and the name of its database. */
export interface Target {
  pid?: number;
  db?: string;
}

/** Warm-up of a measurement, s. */
export const WARMUP_S = 2;
/**
 * Warm-up of the cold render's measurements, s (see the scenarios of run.ts). On the 2-core machine of 2026-11-28 a
 * cold catalog page cost 14.8 ms of CPU over a fresh server's first 600 renders, 12.8 over renders 1200–1800 and
 * 9.8–10.2 from the 2000th on (V8 compiling the render's hot functions); 30 s is about 2500 renders.
 */
export const COLD_WARMUP_S = 30;

/**
 * Measures `paths` (requested in turn, with `extra` headers) after `warmup` seconds: req/s, p50/p99 latency, the
 * answers that were not 2xx, and CPU per request of `target`; logs the figures.
 */
export async function measure(
  base: string,
  name: string,
  paths: string[],
  args: Load,
  target: Target = {},
  extra: Record<string, string> = {},
  warmup = WARMUP_S,
): Promise<Figure> {
  const requests = paths.map((p) => ({ method: 'GET', path: p }));
  // What every current browser offers (it also names deflate and zstd, which the server does not give): br is chosen.
  const headers = { 'accept-encoding': 'gzip, deflate, br', ...extra };
  await autocannon({ url: base, connections: args.connections, duration: warmup, requests, headers });
  // CPU per request is what the machine's other load does not change much (latency under a shared CPU does).
  const node0 = cpuMs(target.pid ? [target.pid] : []);
  const pg0 = cpuMs(target.db ? await backends(target.db) : []);
  const r = await autocannon({ url: base, connections: args.connections, duration: args.duration, requests, headers });
  const n = Math.max(1, r.requests.total);
  const cpuNode = target.pid ? cpuSince(node0) / n : null;
  const cpuPg = target.db ? cpuSince(pg0) / n : null;
  const fig = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuNode,
    cpuPg,
  };
  if (fig.errors)
    console.log(`[bench] ${name}: не 2xx ${r.non2xx}, ошибок соединения ${r.errors}, тайм-аутов ${r.timeouts}`);
  const cpu =
    cpuNode != null ? `, CPU/запрос: node ${cpuNode.toFixed(2)} мс, postgres ${cpuPg?.toFixed(2) ?? '?'} мс` : '';
  console.log(
    `[bench] ${name}: ${fig.rps.toFixed(0)} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms${fig.errors ? `, ошибок ${fig.errors}` : ''}${cpu}`,
  );
  return fig;
}
