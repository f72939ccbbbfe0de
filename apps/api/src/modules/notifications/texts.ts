/** Russian wording shared by the notification texts: plurals, prices, names of an order's items. */

/** Russian plural form: `plural(5, ['вещь', 'вещи', 'вещей'])` → `вещей`. */
export function plural(n: number, forms: [string, string, string]): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return forms[2];
  if (b > 1 && b < 5) return forms[1];
  if (b === 1) return forms[0];
  return forms[2];
}

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 });
const rubWhole = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
/** Kopecks → «12 990 ₽» (no kopecks for whole rubles, architecture §3). */
export const formatRub = (kopecks: number): string =>
  (kopecks % 100 === 0 ? rubWhole : rub).format(kopecks / 100).replace(/\u00a0/g, ' ');

/** «Имя Фамилия», or the fallback when the profile has no name. */
export const personName = (u: { firstName: string; lastName: string }, fallback = 'Продавец') =>
  `${u.firstName} ${u.lastName}`.trim() || fallback;

/** An order's items in a title: «Тренч из хлопка», «Тренч из хлопка и ещё 2 вещи». */
export function itemsTitle(items: { title: string }[]): string {
  const first = items[0]?.title ?? 'заказ';
  const more = items.length - 1;
  return more > 0 ? `${first} и ещё ${more} ${plural(more, ['вещь', 'вещи', 'вещей'])}` : first;
}
