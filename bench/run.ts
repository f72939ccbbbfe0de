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
import autocannon from 'autocannon';
import { cpuName, machineReference } from './machine.js';
import { pageJs } from './page-js.js';
import { CATALOG_PAGES, SIZES } from './pages.js';
import { backends, cpuMs, cpuSince, prepareDatabase, ROOT, startServer, stopServer, waitReady } from './server.js';

interface Args {
  sizes: string[];
  duration: number;
  connections: number;
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

interface Figure {
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
interface Target {
  pid?: number;
  db?: string;
}

/** Warm-up of a measurement, s. */
const WARMUP_S = 2;
/**
 * Warm-up of the cold render's measurements, s (see the scenarios). On the 2-core machine of 2026-11-28 a cold
 * catalog page cost 14.8 ms of CPU over a fresh server's first 600 renders, 12.8 over renders 1200–1800 and
 * 9.8–10.2 from the 2000th on (V8 compiling the render's hot functions); 30 s is about 2500 renders.
 */
const COLD_WARMUP_S = 30;

async function measure(
  base: string,
  name: string,
  paths: string[],
  args: Args,
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

/** Gzipped size of the JS files the home page HTML references (scripts and modulepreloads). */
async function homeJs(base: string): Promise<{ files: number; raw: number; gz: number }> {
  const { files, raw, gz } = await pageJs(base, '/', path.join(ROOT, 'apps/web/build/client'));
  return { files, raw, gz };
}

interface SizeReport {
  size: string;
  products: number;
  ping: Figure;
  figures: Figure[];
}

/** docs/performance.md keeps everything from this line on when the bench rewrites it. */
const NOTES_MARKER = '<!-- заметки: всё ниже bench сохраняет при перезаписи -->';

const kb = (n: number) => `${(n / 1024).toFixed(1)} КБ`;

/** The machine's reference figure (bench/machine.ts) measured before and after the scenarios, CPU ms per unit. */
type Reference = [before: number, after: number];

/** Cold renders' rows: their CPU is also given in units of the machine's reference. */
const isCold = (f: Figure) => f.name.startsWith('SSR') && f.name.endsWith('без кэша');

function renderDoc(
  reports: SizeReport[],
  js: { files: number; raw: number; gz: number } | null,
  args: Args,
  load: number[],
  reference: Reference,
): string {
  const cpu = cpuName();
  const ref = (reference[0] + reference[1]) / 2;
  const lines: string[] = [];
  lines.push('# Производительность', '');
  lines.push(
    'Замеры `npm run bench` (bench/run.ts): сервер Витрины на PostgreSQL, нагрузка autocannon по loopback. Каждый сценарий',
    'стоит рядом с `/v1/ping/` — тривиальным JSON-ответом того же сервера, так что «доля от ping» показывает, сколько',
    'пропускной способности сервера съедает сам запрос (база, сериализация, SSR), независимо от скорости машины.',
    '',
  );
  lines.push('## Машина и условия', '');
  lines.push(`- Дата: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  lines.push(`- CPU: ${os.cpus().length} × ${cpu} (nproc = ${os.cpus().length})`);
  lines.push(`- Память: ${(os.totalmem() / 1024 ** 3).toFixed(1)} ГБ`);
  lines.push(
    `- Node.js ${process.version}, PostgreSQL на 127.0.0.1, один процесс скомпилированного сервера (как \`npm start\`)`,
  );
  lines.push(
    `- autocannon: ${args.connections} соединений, ${args.duration} с на сценарий после прогрева ${WARMUP_S} с ` +
      `(холодный рендер — ${COLD_WARMUP_S} с); Accept-Encoding как у браузера, ответы в br`,
  );
  lines.push(
    `- Средняя загрузка машины перед замером (loadavg 1/5/15 мин): ${load.map((x) => x.toFixed(1)).join(' / ')} — машина общая,`,
    '  на ней одновременно работали другие процессы, поэтому абсолютные цифры занижены и шумны; отношения к ping устойчивее.',
    `- Эталон машины (bench/machine.ts: renderToString, JSON и brotli постоянного объёма, без кода Витрины): ` +
      `**${ref.toFixed(3)} мс** CPU на единицу (до замеров ${reference[0].toFixed(3)}, после ${reference[1].toFixed(3)}). ` +
      'Сессии идут на разных машинах; CPU страницы в эталонах сравним между ними, в миллисекундах — нет.',
    '',
  );
  for (const r of reports) {
    lines.push(`## Данные: ${r.size} (${r.products.toLocaleString('ru-RU')} товаров)`, '');
    const ms = (v: number | null) => (v == null ? '—' : v.toFixed(2));
    lines.push(
      '| Сценарий | req/s | p50, мс | p99, мс | Доля от ping | Ошибки (не 2xx) | CPU Node, мс/запрос | CPU PostgreSQL, мс/запрос |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    lines.push(
      `| \`/v1/ping/\` (потолок сервера) | ${r.ping.rps.toFixed(0)} | ${r.ping.p50} | ${r.ping.p99} | 100 % | ${r.ping.errors} | ${ms(r.ping.cpuNode)} | ${ms(r.ping.cpuPg)} |`,
    );
    for (const f of r.figures) {
      lines.push(
        `| ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${((f.rps / r.ping.rps) * 100).toFixed(0)} % | ${f.errors} | ${ms(f.cpuNode)} | ${ms(f.cpuPg)} |`,
      );
    }
    lines.push('');
    const cold = r.figures.filter((f) => isCold(f) && f.cpuNode != null);
    if (cold.length)
      lines.push(
        `Холодный рендер в эталонах машины (CPU Node страницы / эталон): ` +
          `${cold.map((f) => `${f.name} — ${(f.cpuNode! / ref).toFixed(1)}`).join(', ')}.`,
        '',
      );
  }
  if (js) {
    lines.push('## JavaScript главной страницы', '');
    lines.push(
      `Скрипты и modulepreload, на которые ссылается HTML главной (файлы из apps/web/build/client): ${js.files} файлов, ` +
        `${kb(js.raw)} без сжатия, **${kb(js.gz)} в gzip** (уровень 9). Цель — меньше 150 КБ.`,
      '',
    );
  }
  lines.push('## Цели', '');
  lines.push('- 100 000 товаров: p99 страницы с фильтрами < 50 мс, p99 поиска < 100 мс (на 2 ядрах).');
  lines.push(
    '- 100 000 товаров, 10 соединений: страницы товара и каталога с тёплым микрокэшем ≥ 15 % ping и p99 < 50 мс;',
    '  публичный JSON — список и товар ≥ 30 %, поиск ≥ 15 %; холодный рендер страницы («без кэша») ≤ 5 мс CPU Node.',
    '- Холодный рендер против сборки 1fde1ad (до рендера на публичных путях), в эталонах машины: не больше чем в 1,5 раза',
    '  (тогда 11–16 эталонов → не больше 24); меряет `npm run bench:cold-ab` (раздел ниже).',
    '- Lighthouse, мобильный профиль: производительность ≥ 90 (медиана 3 прогонов) на главной, каталоге и товаре,',
    '  с `benchmarkIndex` машины рядом (`npm run bench:lighthouse`, раздел ниже).',
  );
  lines.push('- Главная: < 150 КБ JavaScript в gzip.', '');
  lines.push('## Как повторить', '');
  lines.push('```sh');
  lines.push('npm run build                      # сборка сайта (для SSR и размера JS)');
  lines.push(
    'npm run bench                      # demo (640) и 100k; базы vitrina_bench_* создаются и сидируются сами',
  );
  lines.push('npm run bench -- --sizes demo --duration 5');
  lines.push('npm run bench -- --url http://127.0.0.1:3000 --no-write   # уже запущенный сервер');
  lines.push('npm run bench:burst                # 500 соединений разом: 200 / 503 + Retry-After, p99 и максимум');
  lines.push('npm run bench:scale                # 1 и 2 процесса на одной PostgreSQL (раздел ниже)');
  lines.push(
    'npm run bench:statistics           # статистика продавца: 3 прогона на вызов (--runs), медиана p99 в таблицу',
    'npm run bench:lighthouse           # Lighthouse на телефоне: главная, каталог, товар, медиана 3 прогонов',
    'npm run bench:cold-ab -- --old DIR [--callgrind]   # холодный рендер: другая сборка против этой (раздел ниже)',
  );
  lines.push('```', '');
  return lines.join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const load = os.loadavg();
  const before = machineReference();
  console.log(`[bench] эталон машины: ${before.toFixed(3)} мс (${cpuName()})`);
  const reports: SizeReport[] = [];
  let js: { files: number; raw: number; gz: number } | null = null;
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
