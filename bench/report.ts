/**
 * docs/performance.md as `npm run bench` (bench/run.ts) writes it: the machine and conditions, a table of figures
 * per data size, the home page's JavaScript, the goals and how to repeat the measurements.
 */
import os from 'node:os';
import { cpuName } from './machine.js';
import { COLD_WARMUP_S, WARMUP_S, type Figure, type Load } from './measure.js';

/** The figures of one data size: ping (the server's ceiling) and every scenario. */
export interface SizeReport {
  size: string;
  products: number;
  ping: Figure;
  figures: Figure[];
}

/** docs/performance.md keeps everything from this line on when the bench rewrites it. */
export const NOTES_MARKER = '<!-- заметки: всё ниже bench сохраняет при перезаписи -->';

export const kb = (n: number) => `${(n / 1024).toFixed(1)} КБ`;

/** The machine's reference figure (bench/machine.ts) measured before and after the scenarios, CPU ms per unit. */
type Reference = [before: number, after: number];

/** Cold renders' rows: their CPU is also given in units of the machine's reference. */
const isCold = (f: Figure) => f.name.startsWith('SSR') && f.name.endsWith('без кэша');

/** docs/performance.md as the figures make it (the notes below {@link NOTES_MARKER} are added by the caller). */
export function renderDoc(
  reports: SizeReport[],
  js: { files: number; raw: number; gz: number; manifestGz: number } | null,
  args: Load,
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
        `${kb(js.raw)} без сжатия, **${kb(js.gz)} в gzip** (уровень 9), из них манифест маршрутов ${kb(js.manifestGz)} ` +
        '(решение 0185). Цель — меньше 150 КБ.',
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
    'npm run bench:lighthouse -- --load 2 --compare URL --compare-label 1fde1ad   # под нагрузкой, другая сборка рядом',
    'npm run bench:cold-ab -- --old DIR [--callgrind]   # холодный рендер: другая сборка против этой (раздел ниже)',
  );
  lines.push('```', '');
  return lines.join('\n');
}
