/**
 * `npm run bench:burst [-- options]`: a burst of connections at once («a burst of 500 connections leaves
 * no request waiting longer than 10 s»), loopback only.
 *
 * Starts the server as `npm run bench` does (PostgreSQL database `vitrina_bench_demo` on BENCH_PG, seeded with the
 * demo catalog when empty; server-rendered pages when the site is built), then opens `--connections` (500)
 * connections at the same moment with autocannon; each sends `--per-connection` (4) requests, one after another,
 * drawn from a mix of pages and API calls. Reports how many got 200, how many a 503 with `Retry-After`
 * (`@fastify/under-pressure`), anything else, and the latency: p50, p99 and the maximum (every request is
 * waited for up to 60 s, so a slow one is measured, not cut off). Writes a section to docs/performance.md.
 *
 * Options: `--connections 500`, `--per-connection 4`, `--url http://127.0.0.1:3000` (a running server),
 * `--no-write`. Server settings to try are passed through the environment (e.g. `OVERLOAD_EVENT_LOOP_DELAY_MS`).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { MAX_IN_FLIGHT_DEFAULT } from '../apps/api/src/config.js';
import { prepareDatabase, ROOT, startServer, stopServer, waitReady } from './server.js';

const DB = { name: 'vitrina_bench_demo', products: 640 };
/** The aim: no request waits longer than this. */
const AIM_MS = 10_000;

function parseArgs(argv: string[]) {
  const a = { connections: 500, perConnection: 4, url: '', write: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => inline ?? argv[++i] ?? '';
    if (flag === '--connections') a.connections = Number(val());
    else if (flag === '--per-connection') a.perConnection = Number(val());
    else if (flag === '--url') a.url = val().replace(/\/$/, '');
    else if (flag === '--no-write') a.write = false;
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  return a;
}

/** The mix: listing pages, a product by slug, search, the ping, and — when the site is built — rendered pages. */
async function mix(base: string): Promise<{ paths: string[]; pages: boolean }> {
  const list = (await (await fetch(`${base}/v1/public/products/?page_size=20`)).json()) as {
    results: { slug: string }[];
  };
  const slugs = list.results.map((r) => r.slug);
  const pages = (await fetch(`${base}/`)).headers.get('content-type')?.startsWith('text/html') ?? false;
  const paths = [
    '/v1/ping/',
    '/v1/public/products/?type=women&sort=popular',
    '/v1/public/products/?sort=price_asc&price_max=50000',
    `/v1/public/products/${slugs[0]}/`,
    `/v1/public/products/${slugs[1] ?? slugs[0]}/`,
    `/v1/public/search/?q=${encodeURIComponent('куртка')}`,
    '/v1/public/brands/',
    ...(pages ? ['/', `/product/${slugs[2] ?? slugs[0]}`, '/catalog/women'] : []),
  ];
  return { paths, pages };
}

interface BurstResult {
  total: number;
  ok: number;
  overloaded: number;
  overloadedWithoutRetryAfter: number;
  other: Record<string, number>;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
}

async function burst(base: string, paths: string[], connections: number, perConnection: number): Promise<BurstResult> {
  let overloaded = 0;
  let withoutRetryAfter = 0;
  const other: Record<string, number> = {};
  const requests = paths.map((p) => ({
    method: 'GET',
    path: p,
    onResponse: (status: number, _body: unknown, _ctx: unknown, headers: Record<string, string>) => {
      if (status === 503) {
        overloaded += 1;
        if (!headers['retry-after']) withoutRetryAfter += 1;
      } else if (status !== 200) other[status] = (other[status] ?? 0) + 1;
    },
  }));
  const started = Date.now();
  const r = await autocannon({
    url: base,
    connections,
    amount: connections * perConnection,
    timeout: 60,
    requests,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    total: r.requests.total,
    ok: r['2xx'],
    overloaded,
    overloadedWithoutRetryAfter: withoutRetryAfter,
    other,
    errors: r.errors,
    timeouts: r.timeouts,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    seconds: (Date.now() - started) / 1000,
  };
}

const SECTION_START = '<!-- burst: npm run bench:burst переписывает этот раздел -->';
const SECTION_END = '<!-- /burst -->';

function render(r: BurstResult, args: ReturnType<typeof parseArgs>, pages: boolean, paths: string[]): string {
  const others = Object.entries(r.other)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return [
    SECTION_START,
    '## Всплеск соединений (`npm run bench:burst`)',
    '',
    `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC, ${os.cpus().length} ядра, loadavg ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ' / ',
      )}. ${args.connections} соединений открываются разом, каждое шлёт ${args.perConnection} запроса подряд ` +
      `(смесь: ${pages ? 'страницы SSR, ' : ''}список, товар, поиск, бренды, ping — ${paths.length} адресов).`,
    `Сервер: один процесс, OVERLOAD_MAX_IN_FLIGHT=${process.env.OVERLOAD_MAX_IN_FLIGHT ?? `${MAX_IN_FLIGHT_DEFAULT} (по умолчанию)`}, ` +
      `OVERLOAD_EVENT_LOOP_DELAY_MS=${process.env.OVERLOAD_EVENT_LOOP_DELAY_MS ?? '1000 (по умолчанию)'}.`,
    '',
    '| Запросов | 200 | 503 + Retry-After | 503 без Retry-After | Другие ответы | Ошибки / тайм-ауты | p50, мс | p99, мс | Максимум, мс | Цель ≤ 10 с |',
    '|---:|---:|---:|---:|---|---:|---:|---:|---:|---|',
    `| ${r.total} | ${r.ok} | ${r.overloaded - r.overloadedWithoutRetryAfter} | ${r.overloadedWithoutRetryAfter} | ${others || '—'} | ${r.errors} / ${r.timeouts} | ${r.p50} | ${r.p99} | ${r.max} | ${r.max <= AIM_MS && !r.timeouts ? 'да' : '**нет**'} |`,
    '',
    SECTION_END,
  ].join('\n');
}

/** Replaces the burst section of docs/performance.md (or appends it), leaving the rest as it is. */
function writeDoc(section: string) {
  const file = path.join(ROOT, 'docs/performance.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const a = old.indexOf(SECTION_START);
  const b = old.indexOf(SECTION_END);
  const doc =
    a >= 0 && b > a
      ? `${old.slice(0, a)}${section}${old.slice(b + SECTION_END.length)}`
      : `${old.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, doc);
  console.log(`[burst] записано в ${path.relative(ROOT, file)}`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let base = args.url;
  let child: ChildProcess | undefined;
  if (!base) {
    const dataDir = path.join(os.tmpdir(), 'vitrina-bench-demo');
    mkdirSync(dataDir, { recursive: true });
    const url = await prepareDatabase(DB.name, DB.products, dataDir);
    base = 'http://127.0.0.1:3299';
    child = startServer(url, dataDir, 3299);
  }
  try {
    await waitReady(base, child);
    const { paths, pages } = await mix(base);
    // A short warm-up (JIT, caches, pool connections), as a server that has been running would be.
    await autocannon({
      url: base,
      connections: 10,
      amount: 200,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    const r = await burst(base, paths, args.connections, args.perConnection);
    console.log(
      `[burst] ${r.total} запросов за ${r.seconds.toFixed(1)} с: 200 — ${r.ok}, 503 — ${r.overloaded} ` +
        `(без Retry-After ${r.overloadedWithoutRetryAfter}), другие ${JSON.stringify(r.other)}, ошибок ${r.errors}, ` +
        `тайм-аутов ${r.timeouts}; p50 ${r.p50} мс, p99 ${r.p99} мс, максимум ${r.max} мс`,
    );
    const section = render(r, args, pages, paths);
    if (args.write) writeDoc(section);
    else console.log(section);
    if (r.max > AIM_MS || r.timeouts) {
      console.error(`[burst] цель не достигнута: самый долгий запрос ${r.max} мс (цель ≤ ${AIM_MS} мс)`);
      process.exitCode = 1;
    }
  } finally {
    if (child) await stopServer(child);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
