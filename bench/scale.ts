/**
 * `npm run bench:scale [-- --duration 8 --connections 10]`: scale-out on one PostgreSQL. Starts 1, then 2
 * server processes on `vitrina_bench_100k` (seeded by `npm run bench` when missing) and drives the filtered list,
 * search and the product page across them (one autocannon per process, connections split), with the micro-cache
 * off (`PUBLIC_CACHE_MS=0`: every request does its real work) and on. For each it counts the CPU used per request
 * by the Node processes, the PostgreSQL backends and the load generator, and estimates from the CPU per request
 * what 4 and 16 cores would serve. Writes its section of docs/performance.md between the `scale:` markers.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { backends, cpuMs, cpuSince, prepareDatabase, ROOT, startServer, stopServer, waitReady } from './server.js';

const DB = 'vitrina_bench_100k';
const PRODUCTS = 100_000;

interface Args {
  duration: number;
  connections: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { duration: 8, connections: 10 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => Number(inline ?? argv[++i] ?? '');
    if (flag === '--duration') a.duration = val();
    else if (flag === '--connections') a.connections = val();
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  return a;
}

interface Row {
  scenario: string;
  processes: number;
  cache: boolean;
  rps: number;
  p99: number;
  errors: number;
  /** CPU ms per request: server processes, PostgreSQL backends, the load generator (this process). */
  node: number;
  pg: number;
  gen: number;
}

async function paths(base: string): Promise<Record<string, string[]>> {
  const list = (await (await fetch(`${base}/v1/public/products/?page_size=40&sort=popular`)).json()) as {
    results: { slug: string }[];
  };
  const slugs = list.results.map((r) => r.slug);
  return {
    'Список: фильтры + сортировка': [
      '/v1/public/products/?type=women&category=obuv&sort=price_asc&price_min=3000&price_max=60000',
      '/v1/public/products/?type=men&brand=nike,adidas,new-balance&sort=new&size=42,43',
      '/v1/public/products/?type=women&category=odezhda&condition=new_with_tag,excellent&color=black,beige&sort=popular',
      '/v1/public/products/?type=kids&sort=new',
    ],
    Поиск: ['найк', 'пуховик монклер', 'джинсы левайс', 'кросовки', 'сумка через плечо', 'платье миди'].map(
      (w) => `/v1/public/search/?q=${encodeURIComponent(w)}`,
    ),
    'SSR страницы товара': slugs.slice(0, 20).map((s) => `/product/${s}`),
  };
}

async function drive(bases: string[], list: string[], args: Args, pids: number[]) {
  const requests = list.map((p) => ({ method: 'GET', path: p }));
  const headers = { 'accept-encoding': 'gzip' };
  const per = Math.max(1, Math.round(args.connections / bases.length));
  const run = (duration: number) =>
    Promise.all(bases.map((url) => autocannon({ url, connections: per, duration, requests, headers })));
  await run(2);
  const node0 = cpuMs(pids);
  const pg0 = cpuMs(await backends(DB));
  const gen0 = process.cpuUsage();
  const results = await run(args.duration);
  const gen = process.cpuUsage(gen0);
  const n = Math.max(
    1,
    results.reduce((s, r) => s + r.requests.total, 0),
  );
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
    node: cpuSince(node0) / n,
    pg: cpuSince(pg0) / n,
    gen: (gen.user + gen.system) / 1000 / n,
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const load = os.loadavg();
  const dataDir = path.join(os.tmpdir(), 'vitrina-bench-scale');
  mkdirSync(dataDir, { recursive: true });
  const url = await prepareDatabase(DB, PRODUCTS, dataDir);
  const rows: Row[] = [];
  for (const cache of [false, true]) {
    for (const processes of [1, 2]) {
      const children: ChildProcess[] = [];
      const bases: string[] = [];
      try {
        for (let i = 0; i < processes; i++) {
          const port = 3390 + i;
          children.push(startServer(url, dataDir, port, { PUBLIC_CACHE_MS: cache ? '3000' : '0' }));
          bases.push(`http://127.0.0.1:${port}`);
        }
        for (let i = 0; i < processes; i++) await waitReady(bases[i]!, children[i]);
        const scen = await paths(bases[0]!);
        for (const [scenario, list] of Object.entries(scen)) {
          const f = await drive(
            bases,
            list,
            args,
            children.map((c) => c.pid!),
          );
          rows.push({ scenario, processes, cache, ...f });
          console.log(
            `[scale] ${scenario}, ${processes} проц., кэш ${cache ? 'вкл' : 'выкл'}: ${f.rps.toFixed(0)} req/s, p99 ${f.p99} мс, ` +
              `CPU/запрос node ${f.node.toFixed(2)}, pg ${f.pg.toFixed(2)}, нагрузка ${f.gen.toFixed(2)} мс`,
          );
        }
      } finally {
        for (const c of children) await stopServer(c);
      }
    }
  }
  write(rows, args, load);
}

/** Requests a second `cores` cores would serve, from the CPU per request of the server and PostgreSQL alone. */
const estimate = (r: Row, cores: number) => (cores * 1000) / Math.max(0.01, r.node + r.pg);

function write(rows: Row[], args: Args, load: number[]) {
  const file = path.join(ROOT, 'docs/performance.md');
  const ms = (v: number) => v.toFixed(2);
  const table = rows.map(
    (r) =>
      `| ${r.scenario} | ${r.cache ? 'вкл' : 'выкл'} | ${r.processes} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.errors} | ${ms(r.node)} | ${ms(r.pg)} | ${ms(r.gen)} | ≈ ${estimate(r, 4).toFixed(0)} | ≈ ${estimate(r, 16).toFixed(0)} |`,
  );
  const section = `<!-- scale:start -->
## Масштабирование: 1 и 2 процесса на одной PostgreSQL (\`npm run bench:scale\`)

${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; база ${DB}
(${PRODUCTS.toLocaleString('ru-RU')} товаров); autocannon ${args.connections} соединений на все процессы вместе, ${args.duration} с после
прогрева 2 с; loadavg перед замером ${load.map((x) => x.toFixed(1)).join(' / ')} (машина общая — абсолютные цифры шумные).
Микрокэш «выкл» — \`PUBLIC_CACHE_MS=0\`, каждый запрос делает всю работу; «вкл» — 3 с. CPU на запрос — сумма по процессам
сервера, по обслуживающим процессам PostgreSQL и по генератору нагрузки (этот процесс).

| Сценарий | Микрокэш | Процессов | req/s | p99, мс | Ошибки | CPU Node, мс | CPU PostgreSQL, мс | CPU нагрузки, мс | Оценка: 4 ядра, req/s | Оценка: 16 ядер, req/s |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${table.join('\n')}

На 2 ядрах второй процесс показывает, как делится CPU между Node, PostgreSQL и генератором нагрузки, а не потолок: все
три делят те же два ядра. **Оценка, не замер:** столбцы «4 ядра» и «16 ядер» — ядра × 1000 / (CPU Node + CPU PostgreSQL
на запрос), то есть при процессе сервера на ядро, базе на тех же ядрах и нагрузке с другой машины, без учёта блокировок,
сети и кэша процессора; на 16 ядрах базу стоит вынести на свои ядра.
<!-- scale:end -->`;
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const re = /<!-- scale:start -->[\s\S]*?<!-- scale:end -->/;
  writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  console.log('[scale] записано в docs/performance.md');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
