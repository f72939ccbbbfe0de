/**
 * `npm run bench [-- options]`: drives the Vitrina server on PostgreSQL with autocannon (loopback only)
 * and writes the figures to docs/performance.md.
 *
 * For every data size (the demo catalog, 640 listings, and 100 000 listings) it creates / seeds a
 * database (`vitrina_bench_demo`, `vitrina_bench_100k` on BENCH_PG, default
 * postgres://postgres@127.0.0.1:5432), starts the server on it, and measures — each beside `/v1/ping/`,
 * the server's own ceiling — a filtered and sorted listing page, a listing by slug, search, and the
 * server-rendered product page: req/s, p50/p99 latency and the ratio to ping. It also sums the gzipped
 * JavaScript the home page references from apps/web/build/client.
 *
 * Options: `--sizes demo,100k` (which data sizes), `--duration 8` (seconds per measurement, after a 2 s
 * warm-up; 10 s for the cold render's), `--connections 10`, `--url http://127.0.0.1:3000` (measure an already running server instead
 * of starting one; its data size is then reported as «running»), `--no-write` (do not touch the doc).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuName, machineReference } from './machine.js';
import { COLD_WARMUP_S, measure, type Figure, type Load, type Target } from './measure.js';
import { pageJs } from './page-js.js';
import { CATALOG_PAGES, SIZES } from './pages.js';
import { kb, NOTES_MARKER, renderDoc, type SizeReport } from './report.js';
import { prepareDatabase, ROOT, startServer, stopServer, waitReady } from './server.js';

interface Args extends Load {
  sizes: string[];
  url?: string;
  write: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { sizes: ['demo', '100k'], duration: 8, connections: 10, write: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => inline ?? argv[++i] ?? '';
    if (flag === '--sizes') a.sizes = val().split(',').filter(Boolean);
    else if (flag === '--duration') a.duration = Number(val());
    else if (flag === '--connections') a.connections = Number(val());
    else if (flag === '--url') a.url = val().replace(/\/$/, '');
    else if (flag === '--no-write') a.write = false;
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  return a;
}

interface Scenario {
  name: string;
  paths: string[];
  /** Extra request headers (`cache-control: no-cache`: the page rendered anew, past the micro-cache). */
  headers?: Record<string, string>;
  /** Warm-up before the measurement, s (default {@link WARMUP_S}). */
  warmup?: number;
}

/** Request paths drawn from the data itself: filtered pages, real slugs, real search words. */
async function scenarios(base: string): Promise<Scenario[]> {
  const list = (await (await fetch(`${base}/v1/public/products/?page_size=60&sort=popular`)).json()) as {
    results: { slug: string }[];
  };
  const slugs = list.results.map((r) => r.slug).slice(0, 40);
  if (slugs.length === 0) throw new Error('в каталоге нет товаров');
  const filtered = [
    '/v1/public/products/?type=women&category=obuv&sort=price_asc&price_min=3000&price_max=60000',
    '/v1/public/products/?type=men&brand=nike,adidas,new-balance&sort=new&size=42,43',
    '/v1/public/products/?type=women&category=odezhda&condition=new_with_tag,excellent&color=black,beige&sort=popular',
    '/v1/public/products/?type=men&category=puhoviki&sort=price_desc&page=2',
    '/v1/public/products/?brand=moncler,stone-island,gucci&price_max=200000&sort=price_asc',
    '/v1/public/products/?type=kids&sort=new&page=3',
  ];
  // A page past the end is a 404 (DRF pages): on a small catalog the deep pages above do not exist, and
  // autocannon would count every such answer as an error. Such a path falls back to its first page.
  for (let i = 0; i < filtered.length; i++) {
    const res = await fetch(`${base}${filtered[i]}`);
    if (res.ok) continue;
    const first = filtered[i]!.replace(/&page=\d+/, '');
    console.log(`[bench] ${filtered[i]} → ${res.status}, меряю первую страницу: ${first}`);
    filtered[i] = first;
  }
  const words = [
    'найк',
    'кроссовки nike',
    'пуховик монклер',
    'джинсы левайс',
    'куртка',
    'стоник',
    'nb 574',
    'адидас самба',
    'платье миди',
    'кросовки',
    'сумка через плечо',
    'чёрные ботинки',
  ];
  const noCache = { 'cache-control': 'no-cache' };
  const productPaths = slugs.map((s) => `/v1/public/products/${s}/`);
  const searchPaths = words.map((w) => `/v1/public/search/?q=${encodeURIComponent(w)}`);
  return [
    { name: 'Список: фильтры + сортировка', paths: filtered },
    { name: 'Товар по slug (API)', paths: productPaths },
    { name: 'Поиск', paths: searchPaths },
    // The long tail of filter combinations never hits the micro-cache: the same calls answered anew every time.
    { name: 'Список: фильтры + сортировка без кэша', paths: filtered, headers: noCache },
    { name: 'Товар по slug (API) без кэша', paths: productPaths, headers: noCache },
    { name: 'Поиск без кэша', paths: searchPaths, headers: noCache },
    { name: 'SSR страницы товара', paths: slugs.slice(0, 20).map((s) => `/product/${s}`) },
    { name: 'SSR каталога', paths: CATALOG_PAGES },
    // Cold: every request renders (the micro-cache is skipped by `no-cache`); its Node CPU is the render's cost.
    // The render's code is compiled by V8 over its first few thousand runs (background compiler threads count in
    // the process's CPU): a server that has run for minutes is what a visitor meets, so these warm up longer.
    {
      name: 'SSR товара без кэша',
      paths: slugs.slice(0, 20).map((s) => `/product/${s}`),
      headers: noCache,
      warmup: COLD_WARMUP_S,
    },
    {
      name: 'SSR каталога без кэша',
      paths: CATALOG_PAGES,
      headers: noCache,
      warmup: COLD_WARMUP_S,
    },
  ];
}

/** Gzipped size of the JS files the home page HTML references (scripts and modulepreloads). */
async function homeJs(base: string): Promise<{ files: number; raw: number; gz: number; manifestGz: number }> {
  const { files, raw, gz, manifestGz } = await pageJs(base, '/', path.join(ROOT, 'apps/web/build/client'));
  return { files, raw, gz, manifestGz };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const load = os.loadavg();
  const before = machineReference();
  console.log(`[bench] эталон машины: ${before.toFixed(3)} мс (${cpuName()})`);
  const reports: SizeReport[] = [];
  let js: { files: number; raw: number; gz: number; manifestGz: number } | null = null;
  const targets = args.url ? [{ size: 'running', base: args.url }] : args.sizes.map((s) => ({ size: s, base: '' }));
  let port = 3290;
  for (const t of targets) {
    let child: ChildProcess | undefined;
    let base = t.base;
    if (!base) {
      const spec = SIZES[t.size];
      if (!spec) throw new Error(`Неизвестный размер данных: ${t.size} (есть: ${Object.keys(SIZES).join(', ')})`);
      const dataDir = path.join(os.tmpdir(), `vitrina-bench-${t.size}`);
      mkdirSync(dataDir, { recursive: true });
      const url = await prepareDatabase(spec.db, spec.products, dataDir);
      port++;
      base = `http://127.0.0.1:${port}`;
      child = startServer(url, dataDir, port);
    }
    try {
      await waitReady(base, child);
      const count = ((await (await fetch(`${base}/v1/public/products/?page_size=1`)).json()) as { count: number })
        .count;
      const scen = await scenarios(base);
      const target: Target = { pid: child?.pid, db: t.size in SIZES && !args.url ? SIZES[t.size]!.db : undefined };
      const ping = await measure(base, 'ping', ['/v1/ping/'], args, target);
      const figures: Figure[] = [];
      for (const s of scen) figures.push(await measure(base, s.name, s.paths, args, target, s.headers, s.warmup));
      reports.push({ size: t.size, products: count, ping, figures });
      js ??= await homeJs(base);
    } finally {
      if (child) await stopServer(child);
    }
  }
  if (js) console.log(`[bench] JS главной: ${js.files} файлов, ${kb(js.raw)}, gzip ${kb(js.gz)}`);
  const after = machineReference();
  console.log(`[bench] эталон машины после замеров: ${after.toFixed(3)} мс`);
  const doc = renderDoc(reports, js, args, load, [before, after]);
  if (args.write) {
    const file = path.join(ROOT, 'docs/performance.md');
    mkdirSync(path.dirname(file), { recursive: true });
    // Hand-written notes below the marker survive a new measurement.
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const at = old.indexOf(NOTES_MARKER);
    writeFileSync(file, at >= 0 ? `${doc}\n${old.slice(at)}` : doc);
    console.log(`[bench] записано в ${path.relative(ROOT, file)}`);
  } else {
    console.log(doc);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
