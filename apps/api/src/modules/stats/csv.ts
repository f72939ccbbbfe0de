/**
 * The statistics of a period as a CSV file that Excel opens in Russian: UTF-8 with a byte-order mark,
 * `;` between fields, CRLF lines, Russian headers, rubles with a decimal comma (`12990,50`), dates as
 * `22.11.2026`. First the points with a total row, then, after an empty line, the table of listings. A field that
 * starts like a formula (`=`, `+`, `-`, `@`) is prefixed with `'` so Excel shows it as text.
 */
import type { Statistics, StatisticsTotals } from '@vitrina/contract/sales';

const BOM = '\uFEFF';

/** One field: quoted when it holds `;`, quotes or line breaks; formulas neutralised. */
function field(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
const line = (cells: (string | number)[]) => cells.map(field).join(';');

/** Rubles with a decimal comma and two decimals: 12990.5 → «12990,50». */
export const rublesCell = (rub: number) => rub.toFixed(2).replace('.', ',');
/** A fraction as a percent with a decimal comma: 0.0345 → «3,45». */
const percentCell = (f: number) => (f * 100).toFixed(2).replace('.', ',');

/** `2026-11-22` → `22.11.2026`; `2026-11-22T13:00` → `22.11.2026 13:00`; `2026-11` → `11.2026`. */
export function dateCell(d: string): string {
  const [date, hour] = d.split('T');
  const parts = date!.split('-');
  const ru = parts.reverse().join('.');
  return hour ? `${ru} ${hour}` : ru;
}

const STATUS: Record<string, string> = {
  active: 'В продаже',
  draft: 'Черновик',
  reserved: 'Забронирован',
  sold: 'Продан',
  deleted: 'Удалён',
};

const figuresCells = (t: StatisticsTotals) => [
  t.views,
  t.favorites,
  t.orders,
  rublesCell(t.revenue),
  percentCell(t.conversion),
];
const FIGURE_HEADERS = ['Просмотры', 'Добавили в избранное', 'Заказы', 'Выручка, ₽', 'Конверсия, %'];

/** The file name: `statistika-2026-11-01_2026-11-30.csv`. */
export const csvFileName = (s: Pick<Statistics, 'date_from' | 'date_to'>) =>
  `statistika-${s.date_from}_${s.date_to}.csv`;

/** The CSV text (with the BOM) of a period's statistics. */
export function statisticsCsv(s: Statistics, origin = ''): string {
  const rows: string[] = [
    line([s.period === 'day' ? 'Час' : s.period === 'year' ? 'Месяц' : 'Дата', ...FIGURE_HEADERS]),
  ];
  for (const p of s.points) rows.push(line([dateCell(p.date), ...figuresCells(p)]));
  rows.push(line(['Итого', ...figuresCells(s.totals)]));
  rows.push(line(['Прошлый период', ...figuresCells(s.previous_totals)]));
  rows.push('');
  rows.push(line(['Товар', 'Ссылка', 'Статус', 'Цена, ₽', ...FIGURE_HEADERS]));
  for (const l of s.top_listings)
    rows.push(
      line([
        l.title,
        `${origin}/product/${l.slug}`,
        STATUS[l.status] ?? l.status,
        rublesCell(l.price),
        ...figuresCells(l),
      ]),
    );
  return `${BOM}${rows.join('\r\n')}\r\n`;
}
