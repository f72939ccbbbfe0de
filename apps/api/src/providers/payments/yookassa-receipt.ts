/**
 * 54-ФЗ receipts for YooKassa: when `YOOKASSA_RECEIPTS=true`, every payment (`POST /payments`) and
 * refund (`POST /refunds`) carries `receipt` — the buyer's contact and the order's items, each with its title,
 * quantity, price, the VAT code from `YOOKASSA_VAT_CODE` (default 1, «без НДС»), `payment_subject: 'commodity'`
 * and `payment_mode: 'full_payment'` (https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney).
 * The items add up to the order total (the marketplace's fee is taken from the seller's payout, not added).
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';

/** One line of a receipt. */
export interface YooReceiptItem {
  /** The listing's title (at most 128 characters). */
  description: string;
  quantity: number;
  /** The price of one piece, rubles with kopecks (`'4990.00'`). */
  amount: { value: string; currency: 'RUB' };
  vat_code: number;
  payment_subject: 'commodity';
  payment_mode: 'full_payment';
}

/** The `receipt` object of a YooKassa payment or refund. */
export interface YooReceipt {
  customer: { phone?: string; email?: string };
  items: YooReceiptItem[];
}

/** Kopecks → YooKassa's `'1234.50'`. */
const rub = (kopecks: number) => (kopecks / 100).toFixed(2);

/**
 * Builds the receipt of an order: the buyer's phone (digits of E.164, as YooKassa wants it) and one item per
 * order line.
 * @param db the connection to read through (a job's transaction when called from one)
 * @param vatCode YooKassa `vat_code` (1–12)
 * @param amount kopecks of a partial refund (below the items' total): one line of that amount instead of the items
 * @returns null when the order is unknown or has no items
 */
export async function orderReceipt(
  db: Db | Tx,
  orderId: number,
  vatCode: number,
  amount?: number,
): Promise<YooReceipt | null> {
  const [o] = await db
    .select({ phone: users.phone })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const lines = await db
    .select({ title: orderItems.title, size: orderItems.size, price: orderItems.price, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  if (!lines.length) return null;
  const total = lines.reduce((sum, l) => sum + l.price * l.count, 0);
  if (amount !== undefined && amount < total) {
    // A partial refund (a dispute's decision): one line of the returned amount, as the refund's sum must equal it.
    return {
      customer: o.phone ? { phone: o.phone.replace(/\D/g, '') } : {},
      items: [
        {
          description: `Частичный возврат: ${lines[0]!.title}`.slice(0, 128),
          quantity: 1,
          amount: { value: rub(amount), currency: 'RUB' },
          vat_code: vatCode,
          payment_subject: 'commodity',
          payment_mode: 'full_payment',
        },
      ],
    };
  }
  return {
    customer: o.phone ? { phone: o.phone.replace(/\D/g, '') } : {},
    items: lines.map((l) => ({
      description: l.title.slice(0, 128),
      quantity: l.count,
      amount: { value: rub(l.price), currency: 'RUB' },
      vat_code: vatCode,
      payment_subject: 'commodity',
      payment_mode: 'full_payment',
    })),
  };
}
