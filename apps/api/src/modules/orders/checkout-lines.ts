/**
 * Checkout, step 1 (spec §7 `POST /v1/sales/order/`): the request checked against the database
 * without locks — the buyer's own delivery point and card, the items merged by slug + size and planned against
 * the offers — and the types and messages the later steps share. See create.ts for the steps in order.
 */
import { eq, sql } from 'drizzle-orm';
import { recipientNameProblem, type OrderConflict, type OrderCreate, type Recipient } from '@vitrina/contract/orders';
import { cards, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { parsePhone } from '../../lib/phone.js';
import { getOwnDeliveryPoint } from '../delivery/index.js';
import { getOwnCard } from '../cards/index.js';

/** Most pieces of one size in one order. */
export const MAX_COUNT = 99;

/** Listing states in which it can be ordered (`reserved`: other sizes may still be in stock). */
export const ORDERABLE = ['active', 'reserved'];

/**
 * The 409 text for a size that has no pieces left: either bought, or held by another buyer's unpaid order
 * (then it may come back within `RESERVATION_MS` (15 minutes)).
 */
export function goneMessage(title: string, size: string, reserved: boolean): string {
  return reserved
    ? `Товар «${title}» (размер ${size}) сейчас оформляет другой покупатель. Если он не оплатит заказ за 15 минут, вещь вернётся в продажу.`
    : `Товар «${title}» (размер ${size}) уже купили. Посмотрите похожие вещи в каталоге.`;
}

/**
 * The buyer's own order of any of these listings still waiting for payment (newest), with its latest payment's
 * page: the buyer who left the bank page and pressed «Оплатить» again continues it instead of being told that
 * «another buyer» holds the item (their own reservation does).
 */
export async function ownPendingOrder(
  db: Db,
  buyerId: number,
  items: OrderCreate['items'],
): Promise<NonNullable<OrderConflict['pending_order']> | null> {
  const slugs = [...new Set(items.map((i) => i.slug.trim()))];
  const rows = await queryRows<{ id: number; number: string; url: string | null; until: Date | string | null }>(
    db,
    sql`select o.id, o.number, o.reserved_until as until,
               (select p.confirmation_url from payments p where p.order_id = o.id and p.status = 'pending'
                order by p.created_at desc limit 1) as url
        from orders o
        where o.buyer_id = ${buyerId} and o.status = 'awaiting_payment'
          and exists (select 1 from order_items oi where oi.order_id = o.id and oi.slug in (${sql.join(
            slugs.map((s) => sql`${s}`),
            sql`, `,
          )}))
        order by o.created_at desc, o.id desc limit 1`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    number: r.number,
    confirmation_url: r.url,
    reserved_until: r.until ? new Date(r.until).toISOString() : null,
  };
}

/** The 409 that sends the buyer to their own unpaid order ({@link ownPendingOrder}). */
export function pendingOrderConflict(pending: NonNullable<OrderConflict['pending_order']>): ApiError {
  const body: OrderConflict = {
    detail: `У вас есть неоплаченный заказ ${pending.number} с этой вещью — оплатите его, новый оформлять не нужно.`,
    pending_order: pending,
  };
  return new ApiError(409, body as unknown as { detail: string });
}

/** The 400 for a listing that is gone (deleted, a draft, sold out for good) or never existed. */
export const notOnSale = (slug: string) => badRequest({ items: [`Товар «${slug}» не найден или снят с продажи.`] });

/** One size to take: which offer, how many, and what the order item will say. */
export interface PlannedLine {
  offerId: number;
  productId: number;
  slug: string;
  title: string;
  size: string;
  count: number;
}

/** A planned line with the price (kopecks) read while its offer was taken. */
export type PricedLine = PlannedLine & { price: number };

/** What {@link validateOrder} found: everything the transaction needs, checked. */
export interface ValidOrder {
  buyerId: number;
  sellerId: number;
  point: Awaited<ReturnType<typeof getOwnDeliveryPoint>>;
  card: typeof cards.$inferSelect | null;
  /** Who collects the parcel: full name (spaces collapsed) and phone (E.164). */
  recipient: Recipient;
  /** A new card (no saved one chosen) the buyer asked to keep («Сохранить карту», `save_card`). */
  saveCard: boolean;
  /** In offer id order (the lock order). */
  plan: PlannedLine[];
}

/** The order as created, with what opening its payment needs. */
export interface NewOrder {
  id: number;
  number: string;
  /** Kopecks. */
  total: number;
  paymentId: string;
  idempotenceKey: string;
}

/**
 * Step 1: checks the request against the database without locking anything — the buyer's delivery point and card,
 * the items merged by slug + size (sizes compare case-insensitively, spec §5), each listing on sale, of one seller
 * (not the buyer), the size offered and enough pieces in stock.
 * @throws ApiError 400 naming the field, 409 when a size has no pieces left
 */
export async function validateOrder(db: Db, buyerId: number, body: OrderCreate): Promise<ValidOrder> {
  const point = await getOwnDeliveryPoint(db, buyerId, body.delivery_point).catch((e: unknown) => {
    if (e instanceof ApiError && e.statusCode === 404) {
      throw badRequest({ delivery_point: ['Пункт выдачи не найден. Выберите пункт выдачи из списка.'] });
    }
    throw e;
  });
  let card: typeof cards.$inferSelect | null = null;
  if (body.card !== undefined && body.card !== null) {
    card = await getOwnCard(db, buyerId, body.card).catch((e: unknown) => {
      if (e instanceof ApiError && e.statusCode === 404) throw badRequest({ card: ['Карта не найдена.'] });
      throw e;
    });
  }
  const recipient = await resolveRecipient(db, buyerId, body);
  const { plan, sellerId } = await planLines(db, buyerId, mergeLines(body.items));
  return { buyerId, sellerId, point, card, recipient, saveCard: card === null && body.save_card === true, plan };
}

/**
 * The recipient of the parcel: `recipient_name` and `recipient_phone` as given, or — when left out — the buyer's
 * profile name and sign-in phone. The name must pass the contract's {@link recipientNameProblem} (name and surname);
 * the phone must be a valid number (libphonenumber-js, region RU by default), stored in E.164.
 * @throws ApiError 400 `{recipient_name}` / `{recipient_phone}` in Russian
 */
async function resolveRecipient(db: Db, buyerId: number, body: OrderCreate): Promise<Recipient> {
  let { recipient_name: name, recipient_phone: phone } = body;
  if (name === undefined || phone === undefined) {
    const [u] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(users)
      .where(eq(users.id, buyerId));
    name ??= [u?.firstName, u?.lastName].filter(Boolean).join(' ');
    phone ??= u?.phone ?? '';
  }
  const errors: Record<string, string[]> = {};
  const nameProblem = recipientNameProblem(name);
  if (nameProblem) errors.recipient_name = [nameProblem];
  const parsed = phone.trim() ? parsePhone(phone) : null;
  if (!parsed)
    errors.recipient_phone = [
      phone.trim()
        ? 'Телефон получателя набран с ошибкой: например «+7 999 123-45-67».'
        : 'Укажите телефон получателя — на него придёт код для получения посылки.',
    ];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { name: name.trim().replace(/\s+/g, ' '), phone: parsed!.e164 };
}

/**
 * The request's items merged by slug + size (case-insensitive size), counts added up.
 * @throws ApiError 400 `{items}` for a count below 1 or above {@link MAX_COUNT}
 */
function mergeLines(items: OrderCreate['items']) {
  const lines = new Map<string, { slug: string; size: string; count: number }>();
  for (const it of items) {
    const slug = it.slug.trim();
    const size = it.size.trim();
    if (!Number.isInteger(it.count) || it.count < 1) {
      throw badRequest({ items: [`Количество товара «${slug}» должно быть не меньше 1.`] });
    }
    const key = `${slug}\u0000${size.toLowerCase()}`;
    const prev = lines.get(key);
    lines.set(key, { slug, size, count: (prev?.count ?? 0) + it.count });
  }
  for (const l of lines.values()) {
    if (l.count > MAX_COUNT) throw badRequest({ items: [`Слишком большое количество товара «${l.slug}».`] });
  }
  return [...lines.values()];
}

/**
 * Finds each line's listing and offer and checks them (see {@link validateOrder}).
 * @returns the lines in offer id order and the seller
 */
async function planLines(db: Db, buyerId: number, lines: { slug: string; size: string; count: number }[]) {
  type Candidate = { product_id: number; slug: string; title: string; owner_id: number; status: string };
  type OfferRow = { offer_id: number | null; offer_size: string | null; stock: number | null };
  const slugs = [...new Set(lines.map((l) => l.slug))];
  const found = await queryRows<Candidate & OfferRow>(
    db,
    sql`select p.id as product_id, p.slug, p.title, p.owner_id, p.status,
               o.id as offer_id, o.size as offer_size, o.count as stock
        from products p left join offers o on o.product_id = p.id
        where p.slug in (${sql.join(
          slugs.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
  const plan: PlannedLine[] = [];
  let sellerId: number | null = null;
  for (const l of lines) {
    const rows = found.filter((r) => r.slug === l.slug);
    const product = rows[0];
    if (!product || !ORDERABLE.includes(product.status)) throw notOnSale(l.slug);
    if (product.owner_id === buyerId)
      throw badRequest({ items: [`Нельзя купить собственный товар «${product.title}».`] });
    if (sellerId !== null && sellerId !== product.owner_id) {
      throw badRequest({
        items: ['В одном заказе могут быть товары только одного продавца. Оформите заказы отдельно.'],
      });
    }
    sellerId = product.owner_id;
    const offer = rows.find((r) => r.offer_size !== null && r.offer_size.toLowerCase() === l.size.toLowerCase());
    if (!offer || offer.offer_id === null) {
      throw badRequest({ items: [`Размера «${l.size}» нет у товара «${product.title}».`] });
    }
    const size = offer.offer_size!;
    const stock = offer.stock ?? 0;
    if (stock === 0) throw conflict(goneMessage(product.title, size, product.status === 'reserved'));
    if (l.count > stock)
      throw badRequest({ items: [`Товара «${product.title}» размера ${size} осталось только ${stock} шт.`] });
    plan.push({
      offerId: offer.offer_id,
      productId: product.product_id,
      slug: product.slug,
      title: product.title,
      size,
      count: l.count,
    });
  }
  plan.sort((a, b) => a.offerId - b.offerId);
  return { plan, sellerId: sellerId! };
}
