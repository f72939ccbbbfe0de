/**
 * `npm run bench:statistics [-- options]`: the seller statistics calls on PostgreSQL — a seller with
 * 1 000 listings and a year of history in the 100 000-listing database of `npm run bench` (`vitrina_bench_100k`
 * on BENCH_PG, seeded when missing) — p50/p99 of each call at 10 connections (autocannon, loopback, one server
 * process). Aim: p99 < 50 ms. Figures go to docs/performance.md (section between `statistics:` markers).
 *
 * The history is written straight into the roll-ups with `generate_series` (the shape the app writes): per
 * listing a daily row on most days of the last 366, hourly rows on a third of the hours of the last 30 days,
 * monthly rows and the seller's totals summed from them; 3 000 orders over the year for the service level; and
 * daily rows of 5 000 other listings of other sellers, so the tables are not the seller's alone.
 *
 * Each call is measured `--runs` times (3) and the run with the median p99 is reported, with every run's p99 beside
 * it: on a shared 2-core machine one 8-second run moves by ±15 % with the neighbours' load.
 *
 * Options: `--duration 8` (s per run after a 2 s warm-up), `--runs 3`, `--connections 10`, `--no-write`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/api/src/db/client.js';
import { authTokens } from '../apps/api/src/db/schema/index.js';
import { hashToken, newTokenKey } from '../apps/api/src/plugins/auth.js';
import { buildYtdPacks, YTD_MIN_LISTINGS } from '../apps/api/src/modules/stats/ytd.js';
import { LISTINGS, MSK_TODAY, prepareSeller, worstRange } from './statistics-data.js';
import { backends, cpuMs, cpuSince, prepareDatabase, startServer, stopServer, waitReady } from './server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DB = 'vitrina_bench_100k';

function parseArgs(argv: string[]) {
  const a = { duration: 8, runs: 3, connections: 10, write: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => inline ?? argv[++i] ?? '';
    if (flag === '--duration') a.duration = Number(val());
    else if (flag === '--connections') a.connections = Number(val());
    else if (flag === '--runs') a.runs = Math.max(1, Number(val()));
    else if (flag === '--no-write') a.write = false;
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  return a;
}

/** The calls measured, each with its path. */
const CALLS: [string, string][] = [
  ['`/v1/ping/` (потолок сервера, с тем же токеном)', '/v1/ping/'],
  ['weekly-statistics', '/v1/sales/weekly-statistics/'],
  ['statistics: день (24 часа)', '/v1/sales/statistics/?period=day'],
  ['statistics: неделя', '/v1/sales/statistics/?period=week'],
  ['statistics: месяц', '/v1/sales/statistics/?period=month'],
  ['statistics: год (12 месяцев)', '/v1/sales/statistics/?period=year'],
  ['statistics: свой период, 366 дней', ''],
  ['statistics: свой период, худший по строкам', ''],
  ['statistics/export: месяц, CSV', '/v1/sales/statistics/export/?period=month'],
  ['service-level', '/v1/sales/service-level/'],
];

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = path.join(os.tmpdir(), 'vitrina-bench-100k');
  mkdirSync(dataDir, { recursive: true });
  const url = await prepareDatabase(DB, 100_000, dataDir);
  const database = await openDatabase({ url });
  let key: string;
  let counts: { products: number; daily: number; hourly: number; orders: number };
  try {
    const seller = await prepareSeller(database.db);
    // The years, summed from the days (also in a bench database made before the yearly roll-up existed).
    await database.db.execute(sql`
      insert into stats_yearly (seller_id, product_id, year, views, favorites, orders, revenue)
      select seller_id, product_id, date_trunc('year', day)::date, sum(views), sum(favorites), sum(orders), sum(revenue)
      from stats_daily where not exists (select 1 from stats_yearly) group by 1, 2, 3`);
    // The seller's year-to-date packs, as the app's recurring job builds them: every day over, this year and the last.
    const packs = await database.db.transaction((tx) =>
      buildYtdPacks(tx, new Date(), { minListings: YTD_MIN_LISTINGS, sellerId: seller, limit: 1000 }),
    );
    if (packs) console.log(`[bench] годовые пакеты продавца: ${packs} новых`);
    await database.db.execute(
      sql`vacuum (analyze) stats_daily, stats_hourly, stats_pentad, stats_monthly, stats_yearly, stats_ytd, orders, products`,
    );
    key = newTokenKey();
    await database.db.insert(authTokens).values({ userId: seller, keyHash: hashToken(key) });
    [counts] = (await queryRows<typeof counts>(
      database.db,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from stats_daily) as daily,
             (select count(*)::int from stats_hourly) as hourly,
             (select count(*)::int from orders where seller_id = ${seller}) as orders`,
    )) as [typeof counts];
    const [range] = await queryRows<{ from: string; to: string }>(
      database.db,
      sql`select (${MSK_TODAY} - 365)::text as from, ${MSK_TODAY}::text as to`,
    );
    CALLS[6]![1] = `/v1/sales/statistics/?period=custom&date_from=${range!.from}&date_to=${range!.to}`;
    const worst = worstRange(range!.from, range!.to);
    CALLS[7]![0] += ` (${worst.from} — ${worst.to}: ${worst.rows} строк на товар, ${worst.packs ? 'из пакетов' : 'из сводок'})`;
    CALLS[7]![1] = `/v1/sales/statistics/?period=custom&date_from=${worst.from}&date_to=${worst.to}`;
  } finally {
    await database.close();
  }
  console.log(`[bench] ${counts.products} товаров, stats_daily ${counts.daily} строк, stats_hourly ${counts.hourly}`);

  const port = 3391;
  const base = `http://127.0.0.1:${port}`;
  const child = startServer(url, dataDir, port);
  const figures: Figure[] = [];
  try {
    await waitReady(base, child);
    const headers = { authorization: `Token ${key}`, 'accept-encoding': 'gzip' };
    for (const [name, p] of CALLS) {
      const opts = { url: `${base}${p}`, connections: args.connections, headers };
      await autocannon({ ...opts, duration: 2 });
      const runs: Figure[] = [];
      for (let i = 0; i < args.runs; i++) {
        // CPU per request (server process + its PostgreSQL backends) does not depend on the machine's other load.
        const node0 = cpuMs([child.pid!]);
        const pg0 = cpuMs(await backends(DB));
        const r = await autocannon({ ...opts, duration: args.duration });
        const n = Math.max(1, r.requests.total);
        runs.push({
          name,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.non2xx + r.errors,
          cpuNode: cpuSince(node0) / n,
          cpuPg: cpuSince(pg0) / n,
          p99s: [],
        });
      }
      const fig = {
        ...[...runs].sort((a, b) => a.p99 - b.p99)[Math.floor(runs.length / 2)]!,
        p99s: runs.map((r) => r.p99),
      };
      console.log(
        `[bench] ${name}: ${fig.rps.toFixed(0)} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms (прогоны: ${fig.p99s.join(' / ')}), ` +
          `ошибок ${fig.errors}, CPU/запрос node ${fig.cpuNode.toFixed(2)} мс, postgres ${fig.cpuPg.toFixed(2)} мс`,
      );
      figures.push(fig);
    }
  } finally {
    await stopServer(child);
  }
  if (args.write) writeDoc(figures, counts, args, os.loadavg());
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request: the server process, and the PostgreSQL backends of its database. */
  cpuNode: number;
  cpuPg: number;
  /** The p99 of every run, in order. */
  p99s: number[];
}

/** What the figures say, whatever the machine's load was. */
function judgement(figures: Figure[]): string {
  const [ping, ...calls] = figures;
  if (!ping || !calls.length) return '';
  const cpu = (f: Figure) => f.cpuNode + f.cpuPg;
  const worst = calls.reduce((a, b) => (cpu(b) > cpu(a) ? b : a));
  const slow = calls.filter((f) => f.p99 >= 50);
  if (!slow.length) return `Все вызовы статистики уложились в p99 < 50 мс (ping — ${ping.p99} мс).`;
  return (
    `Цель p99 < 50 мс не достигнута у: ${slow.map((f) => `${f.name} (${f.p99} мс)`).join(', ')}; ping — p99 ` +
    `${ping.p99} мс при ${ping.rps.toFixed(0)} req/s. При 10 соединениях на 2 ядрах p99 — в основном ожидание ` +
    `процессора; от чужой нагрузки не зависит CPU на запрос: ${cpu(ping).toFixed(1)} мс у ping, у вызовов статистики — ` +
    `до ${cpu(worst).toFixed(1)} мс (${worst.name}).`
  );
}

function writeDoc(
  figures: Figure[],
  counts: { products: number; daily: number; hourly: number; orders: number },
  args: { duration: number; runs: number; connections: number },
  load: number[],
) {
  const file = path.join(ROOT, 'docs/performance.md');
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | **${f.p99}** | ${f.p99s.join(' / ')} | ${f.errors} | ${f.cpuNode.toFixed(2)} | ${f.cpuPg.toFixed(2)} | ${f.p99 < 50 ? 'да' : 'нет'} |`,
  );
  const section = `<!-- statistics:start -->
## Статистика продавца (\`npm run bench:statistics\`)

${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, PostgreSQL на 127.0.0.1, один процесс скомпилированного сервера (как \`npm start\`),
autocannon ${args.connections} соединений, прогонов на вызов — ${args.runs} по ${args.duration} с после прогрева 2 с (в таблице — прогон с медианным p99); loadavg перед записью
${load.map((x) => x.toFixed(1)).join(' / ')} (машина общая). База: ${counts.products.toLocaleString('ru-RU')} товаров; у продавца
${LISTINGS} товаров и год истории (stats_daily — ${counts.daily.toLocaleString('ru-RU')} строк всего, stats_hourly —
${counts.hourly.toLocaleString('ru-RU')}, ${counts.orders.toLocaleString('ru-RU')} заказов продавца). Цель — p99 < 50 мс.

| Вызов | req/s | p50, мс | p99 (медиана прогонов), мс | p99 прогонов, мс | Ошибки | CPU Node, мс/запрос | CPU PostgreSQL, мс/запрос | p99 < 50 мс |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

${judgement(figures)}

Чтения идут только по сводкам (\`stats_hourly\`, \`stats_daily\`, \`stats_pentad\`, \`stats_monthly\`, \`stats_yearly\`):
итоги и точки — по строкам продавца (\`product_id = 0\`, первичный ключ \`(seller_id, product_id, bucket)\`, не больше 366
строк, одним JSON-объектом), таблица товаров — по частичным покрывающим индексам
\`(seller_id, bucket, product_id, счётчики) WHERE product_id <> 0\` (index-only). Диапазон дней товара читается наименьшим
числом строк со знаком (\`coverDays\` в \`stats/cover.ts\`) по дереву год › месяцы › пятидневки (1–5, 6–10, …, 26–конец
месяца) › дни: корзина целиком внутри — одной строкой, частично — дешевле из двух: своими частями или строкой минус части
вне периода; дни после сегодняшнего пусты. Край периода внутри месяца — в среднем 3 строки товара, не больше 5 (одними
днями было 8 и до 16); год назад от сегодня — годовая строка, месяц-другой и такой край; год (период) — 1 строка.
Длинный период, которому по сводкам нужно больше строк товара, чем годовых пакетов, читается из пакетов (\`stats_ytd\`,
\`stats/ytd.ts\`): у продавца от ${YTD_MIN_LISTINGS} товаров — суммы каждого товара с 1 января по каждый прошедший день,
массивами; прошедшие дни периода — пакет его конца минус пакет дня перед началом (в пределах года; 2–4 пакета, по
строке товара в каждом), сегодня — дневными строками. Пакеты строит фоновая задача; запись в прошедший день удаляет
пакеты продавца с этого дня, и до новой сборки тот же запрос читает сводки.
<!-- statistics:end -->`;
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const re = /<!-- statistics:start -->[\s\S]*?<!-- statistics:end -->/;
  writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  console.log('[bench] записано в docs/performance.md');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
