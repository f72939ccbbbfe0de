/**
 * `npm run bench:lighthouse [-- options]`: Lighthouse (mobile form factor, simulated throttling — its
 * default configuration) on the home page, a catalog page and a product page, three runs each, the median
 * of each figure written to docs/performance.md between the `lighthouse:` markers with the date and the
 * machine's load. Not part of `npm test`: the machine's load moves the scores.
 *
 * Offline: the browser is Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), started here with
 * a DevTools port that Lighthouse connects to; nothing is downloaded.
 *
 * The server: by default the built site (`npm run build` first) on the demo catalog in PostgreSQL
 * (database `vitrina_bench_lighthouse` on BENCH_PG, created and seeded when missing), started here.
 *
 * Options: `--url http://127.0.0.1:3000` (measure a running server instead), `--runs 3`,
 * `--without-scripts` (each page also through a proxy that leaves out its application code — the page as the server
 * renders it, never hydrated — to tell the scripts' share from the markup's and the machine's; rows «без скриптов»),
 * `--no-write` (do not touch the doc), `--json DIR` (keep each run's full report there),
 * `--only home|catalog|product` (that page only; the doc is then not written), `--no-reference` (skip the
 * machine's reference page — a blank page measured first, see `lighthouse-browser.ts`), `--load N` (N busy processes
 * share the CPU during the runs: the figure under load, again at will — `busyLoad`), `--compare URL` with
 * `--compare-label TEXT` (each page also on another running server, e.g. an older build, its runs taken in turns with
 * this one's, so the machine's moments weigh on both alike; rows «— TEXT», not held to the goals). The loadavg in the
 * doc is read before `--load` starts.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { busyLoad, launchChromium, referencePage, withoutScriptsProxy } from './lighthouse-browser.js';
import { CATEGORIES, writeDoc, type Category, type Figures, type Row } from './lighthouse-report.js';
import { PG, prepareDatabase, ROOT, startServer, stopServer, waitReady } from './server.js';

interface Args {
  url?: string;
  runs: number;
  /** Each page also without its scripts (`withoutScriptsProxy`). */
  withoutScripts: boolean;
  write: boolean;
  /** A folder for each run's full report (JSON), for a closer look. */
  json?: string;
  /** One page only (its key in {@link pages}). */
  only?: string;
  /** Measure the machine's reference page (a blank page, see `lighthouse-browser.ts`) first. */
  reference: boolean;
  /** Busy processes running during the measurement (`busyLoad`). */
  load: number;
  /** Another server measured in turns with this one (its base URL) and its name in the rows. */
  compare?: { url: string; label: string };
}

function parseArgs(argv: string[]): Args {
  const a: Args = { runs: 3, withoutScripts: false, write: true, reference: true, load: 0 };
  let compareLabel = 'другая сборка';
  let compareUrl: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => inline ?? argv[++i] ?? '';
    if (flag === '--url') a.url = val().replace(/\/$/, '');
    else if (flag === '--runs') a.runs = Number(val());
    else if (flag === '--without-scripts') a.withoutScripts = true;
    else if (flag === '--no-write') a.write = false;
    else if (flag === '--json') a.json = val();
    else if (flag === '--no-reference') a.reference = false;
    else if (flag === '--load') a.load = Number(val());
    else if (flag === '--compare') compareUrl = val().replace(/\/$/, '');
    else if (flag === '--compare-label') compareLabel = val();
    else if (flag === '--only') {
      a.only = val();
      a.write = false;
    } else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  if (!Number.isInteger(a.load) || a.load < 0) throw new Error('--load: целое число процессов ≥ 0');
  if (compareUrl) a.compare = { url: compareUrl, label: compareLabel };
  return a;
}

const DB = { name: 'vitrina_bench_lighthouse', products: 640 };

/** The pages measured: home, a catalog page and the most popular product (drawn from the data). */
async function pages(base: string): Promise<{ key: string; name: string; path: string }[]> {
  const list = (await (await fetch(`${base}/v1/public/products/?page_size=1&sort=popular`)).json()) as {
    results: { slug: string }[];
  };
  const slug = list.results[0]?.slug;
  if (!slug) throw new Error('в каталоге нет товаров');
  return [
    { key: 'home', name: 'Главная', path: '/' },
    { key: 'catalog', name: 'Каталог', path: '/catalog/women' },
    { key: 'product', name: 'Товар', path: `/product/${slug}` },
  ];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** One Lighthouse run of `url` (run `i` of its page); its full report kept in `jsonDir` when given. */
async function measureOnce(url: string, port: number, i: number, jsonDir?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    locale: 'ru',
  });
  if (!result) throw new Error(`Lighthouse не вернул результат для ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (jsonDir) {
    mkdirSync(jsonDir, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_');
    writeFileSync(path.join(jsonDir, `${name}-${i + 1}.json`), JSON.stringify(lhr));
  }
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  const lcpElement = node?.snippet ?? node?.selector ?? '—';
  const diagnostics = lhr.audits.diagnostics?.details as { items?: { totalTaskTime?: number }[] } | undefined;
  const taskMs = Math.round(diagnostics?.items?.[0]?.totalTaskTime ?? NaN);
  const figures: Figures = {
    scores,
    lcp,
    lcpElement,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    tbt: ms('total-blocking-time'),
    taskMs,
  };
  console.log(
    `[lighthouse] ${url} #${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, LCP ${(lcp / 1000).toFixed(2)} с ` +
      `(FCP ${ms('first-contentful-paint')} мс, TBT ${ms('total-blocking-time')} мс, SI ${ms('speed-index')} мс, ` +
      `CLS ${lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3)}, ` +
      `benchmarkIndex ${figures.benchmarkIndex}, задачи ${taskMs} мс) — ${lcpElement.slice(0, 80)}`,
  );
  return figures;
}

/** The medians of a page's runs (each figure on its own), with each run's performance score. */
function medians(all: Figures[]): Figures & { perfRuns: number[] } {
  const lcp = median(all.map((f) => f.lcp));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((f) => f.scores[c]))])) as Record<
      Category,
      number
    >,
    lcp,
    lcpElement: all.find((f) => f.lcp === lcp)!.lcpElement,
    benchmarkIndex: median(all.map((f) => f.benchmarkIndex)),
    tbt: median(all.map((f) => f.tbt)),
    taskMs: median(all.map((f) => f.taskMs)),
    perfRuns: all.map((f) => f.scores.performance),
  };
}

/**
 * `runs` Lighthouse runs of each URL, taken in turns (the first URL's run 1, the second's run 1, …), so that the
 * machine's moments weigh on all alike; each URL's figures are the medians over its runs.
 * @param targets each URL with the folder for its reports (or none)
 */
async function measure(
  targets: { url: string; jsonDir?: string }[],
  port: number,
  runs: number,
): Promise<(Figures & { perfRuns: number[] })[]> {
  const all: Figures[][] = targets.map(() => []);
  for (let i = 0; i < runs; i++)
    for (const [k, t] of targets.entries()) all[k]!.push(await measureOnce(t.url, port, i, t.jsonDir));
  return all.map(medians);
}

/** The database for the run: recreated when its media folder is gone (a seeded catalog without photos). */
async function database(dataDir: string): Promise<string> {
  if (!existsSync(path.join(dataDir, 'media'))) {
    const admin = new pg.Client({ connectionString: `${PG}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${DB.name}`);
    await admin.end();
  }
  return prepareDatabase(DB.name, DB.products, dataDir);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let server: ChildProcess | undefined;
  let proxy: http.Server | undefined;
  let reference: http.Server | undefined;
  let browser: ChildProcess | undefined;
  const userDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-lighthouse-'));
  const results: Row[] = [];
  let load: string | undefined;
  let version: string | undefined;
  let stopLoad: (() => void) | undefined;
  try {
    let base = args.url;
    if (!base) {
      if (!existsSync(path.join(ROOT, 'apps/web/build/client'))) throw new Error('нет сборки сайта: npm run build');
      const dataDir = path.join(os.tmpdir(), 'vitrina-bench-lighthouse');
      mkdirSync(dataDir, { recursive: true });
      const url = await database(dataDir);
      const port = 3297;
      base = `http://127.0.0.1:${port}`;
      server = startServer(url, dataDir, port, { PUBLIC_URL: base });
      await waitReady(base, server);
    }
    let bare: string | undefined;
    if (args.withoutScripts) {
      const p = await withoutScriptsProxy(base);
      proxy = p.server;
      bare = p.base;
    }
    const list = (await pages(base)).filter((p) => !args.only || p.key === args.only);
    const chromium = await launchChromium(userDir);
    browser = chromium.child;
    version = chromium.version;
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
    if (args.load) stopLoad = busyLoad(args.load);
    if (args.reference) {
      const ref = await referencePage();
      reference = ref.server;
      const [figures] = await measure([{ url: ref.url, jsonDir: args.json }], chromium.port, args.runs);
      results.push({ key: 'reference', name: 'Эталон: пустая страница', path: '—', figures: figures! });
    }
    // Reports of the variants in folders of their own: the same path's names would overwrite the page's as served.
    const sub = (name: string) => args.json && path.join(args.json, name);
    for (const page of list) {
      // A warm-up load: the server's caches, as a visitor after the first would find them.
      await fetch(base + page.path);
      // Each variant of the page: its row (without figures yet) and where it is measured.
      const variants: { row: Omit<Row, 'figures'>; url: string; jsonDir?: string }[] = [
        { row: page, url: base + page.path, jsonDir: args.json },
      ];
      if (bare)
        variants.push({
          row: { name: `${page.name} без скриптов`, path: page.path, bare: true },
          url: bare + page.path,
          jsonDir: sub('without-scripts'),
        });
      if (args.compare) {
        const res = await fetch(args.compare.url + page.path);
        if (!res.ok)
          throw new Error(`${args.compare.url}${page.path}: ${res.status} — на сравниваемом сервере нет страницы`);
        variants.push({
          row: { name: `${page.name} — ${args.compare.label}`, path: page.path, compared: true },
          url: args.compare.url + page.path,
          jsonDir: sub('compare'),
        });
      }
      const figures = await measure(variants, chromium.port, args.runs);
      results.push(...variants.map((v, k) => ({ ...v.row, figures: figures[k]! })));
    }
  } finally {
    stopLoad?.();
    const closed = browser && browser.exitCode === null ? new Promise((r) => browser!.once('exit', r)) : null;
    browser?.kill('SIGTERM');
    proxy?.close();
    reference?.close();
    if (server) await stopServer(server);
    // Chromium writes its profile until it has exited; a folder left behind must not hide the runs' own error.
    if (closed) await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    try {
      rmSync(userDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (err) {
      console.warn(`[lighthouse] не удалось удалить ${userDir}: ${String(err)}`);
    }
  }
  for (const r of results) {
    const f = r.figures;
    console.log(
      `[lighthouse] ${r.name} (${r.path}): ${CATEGORIES.map((c) => `${c} ${f.scores[c]}`).join(', ')}, LCP ${(f.lcp / 1000).toFixed(2)} с`,
    );
  }
  console.log(`[lighthouse] браузер: ${version ?? '—'}`);
  if (args.write) writeDoc(results, args, load ?? '—', version ?? '—');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
