/** Russian wording shared by the notification texts: prices, names of an order's items. */
import { plural } from '@vitrina/contract/plural';

/** Kopecks → «12 990 ₽» (lib/money.ts, also used by the order histories). */
export { formatRub } from '../../lib/money.js';

/** «Имя Фамилия», or the fallback when the profile has no name. */
export const personName = (u: { firstName: string; lastName: string }, fallback = 'Продавец') =>
  `${u.firstName} ${u.lastName}`.trim() || fallback;

/** An order's items in a title: «Тренч из хлопка», «Тренч из хлопка и ещё 2 вещи». */
export function itemsTitle(items: { title: string }[]): string {
  const first = items[0]?.title ?? 'заказ';
  const more = items.length - 1;
  return more > 0 ? `${first} и ещё ${more} ${plural(more, ['вещь', 'вещи', 'вещей'])}` : first;
}

/**
 * The page of one order for each side (the notices open it): `/account/sales?order=42` for the seller,
 * `/account/history?order=42` for the buyer.
 */
export const orderPage = (side: 'buyer' | 'seller', orderId: number): string =>
  `${side === 'seller' ? '/account/sales' : '/account/history'}?order=${orderId}`;
