/**
 * The table `bench/lighthouse.ts` writes into docs/performance.md (between the `lighthouse:` markers): one row per page
 * with the medians of its runs, the machine's reference page first, the goals marked.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One page's figures: category scores 0–100 and LCP in ms. */
export interface Figures {
  scores: Record<Category, number>;
  lcp: number;
  /** The LCP element as Lighthouse describes it (its selector or snippet). */
  lcpElement: string;
  /** Lighthouse's measure of the machine's speed at the run (higher is faster; a quiet desktop ~1000+). */
  benchmarkIndex: number;
  /** Total blocking time, ms: the figure the machine's load inflates most. */
  tbt: number;
  /** The main thread's observed task time over the load, ms (Lighthouse's diagnostics, not simulated). */
  taskMs: number;
}

/** A row of the table: a page (or the reference page, or a page without its scripts) and its medians. */
export interface Row {
  key?: string;
  name: string;
  path: string;
  /** Measured through `withoutScriptsProxy`: not held to the goals, like the reference page. */
  bare?: boolean;
  /** Measured on the compared server (`--compare`): not held to the goals either. */
  compared?: boolean;
  figures: Figures & { perfRuns: number[] };
}

const GOAL: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 };

/**
 * Writes the section: `runs`, the busy processes added (`load`), the compared server's name, the machine's load
 * (`loadavg` text) and Chromium's `version` go into its heading.
 * @param results the rows in their order
 */
export function writeDoc(
  results: Row[],
  args: { runs: number; load: number; compare?: { label: string } },
  load: string,
  version: string,
) {
  const file = path.join(ROOT, 'docs/performance.md');
  const mark = (ok: boolean, text: string) => (ok ? text : `**${text}** ✗`);
  const rows = results.map((r) => {
    const f = r.figures;
    // The reference page, a page without its scripts and another build's page are not this shop's: not held to the goals.
    const free = r.path === '—' || r.bare || r.compared;
    const cells = CATEGORIES.map((c) => mark(free || f.scores[c] >= GOAL[c], String(f.scores[c])));
    const lcp = mark(free || f.lcp <= 2500, `${(f.lcp / 1000).toFixed(2).replace('.', ',')} с`);
    const el = f.lcpElement.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 90);
    const page = r.path === '—' ? r.name : `${r.name} (\`${r.path.length > 40 ? `${r.path.slice(0, 40)}…` : r.path}\`)`;
    return `| ${page} | ${cells.join(' | ')} | ${lcp} | ${f.tbt} | ${f.taskMs} | ${f.perfRuns.join(', ')} | ${f.benchmarkIndex} | \`${el}\` |`;
  });
  const section = `<!-- lighthouse:start -->
## Lighthouse (\`npm run bench:lighthouse\`)

${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse 12.8.2, Chromium \`/usr/bin/chromium\` без окна (${version});
мобильный профиль, симуляция медленной сети и процессора (настройки Lighthouse по умолчанию); по ${args.runs} прогона
на страницу, в таблице — медиана каждой величины. Сервер — собранный сайт на демо-каталоге (PostgreSQL).
Загрузка машины перед замером (loadavg 1/5/15 мин): ${load} на ${os.cpus().length} ядрах (${os.cpus()[0]?.model ?? '—'}) — машина общая; симуляция
Lighthouse умножает наблюдаемое время задач процессора, поэтому под нагрузкой оценка производительности занижена
(видно по TBT и по \`benchmarkIndex\` — мере скорости машины в момент прогона; на спокойной машине она в разы выше).
«Задачи, мс» — наблюдаемое время задач главного потока за загрузку (без симуляции). Первая строка — эталон машины:
пустая страница без скриптов и стилей в том же браузере; её задачи и TBT — то, что даёт сама машина.${
    args.load
      ? `
Во время замера машину нарочно нагружали ${args.load} процесса Node, занятые пустым счётом (\`--load ${args.load}\`).`
      : ''
  }${
    args.compare
      ? `
Строки «— ${args.compare.label}» — те же страницы на другом сервере (\`--compare\`); прогоны шли попеременно с этой
сборкой, так что нагрузка машины легла на обе одинаково.`
      : ''
  }${
    results.some((r) => r.bare)
      ? `
Строки «без скриптов» — та же страница без кода приложения (\`--without-scripts\`: без модулей React Router, страница не
гидратируется; HTML, стили, шрифты, фото те же): разница с ней — доля скриптов, остальное — разметка и машина.`
      : ''
  }
Цели: производительность ≥ 90 и LCP ≤ 2,5 с, доступность, рекомендации и SEO ≥ 95 (не достигнутые — жирным с ✗).

| Страница | Производительность | Доступность | Рекомендации | SEO | LCP | TBT, мс | Задачи, мс | Производительность по прогонам | benchmarkIndex | Элемент LCP |
|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|
${rows.join('\n')}
<!-- lighthouse:end -->`;
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const re = /<!-- lighthouse:start -->[\s\S]*?<!-- lighthouse:end -->/;
  writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  console.log('[lighthouse] записано в docs/performance.md');
}
