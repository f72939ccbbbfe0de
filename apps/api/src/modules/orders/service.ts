/**
 * Orders (spec §7 `/v1/sales/*`; issue «Buying»). One order = items of ONE seller. Creating it reserves stock
 * atomically (`UPDATE offers SET count = count - n WHERE count >= n`, in one transaction, offers locked in id
 * order), records the fee (`max(percent of total, minimum)`) and payout, and opens a payment at the configured
 * provider. An unpaid order holds its stock for {@link RESERVATION_MS}; then {@link releaseExpiredReservations}
 * cancels it and returns the stock. Money: kopecks in the DB, rubles in answers.
 *
 * Listing status follows stock: `reserved` when every offer is at 0 while an order waits for payment, `sold` when
 * nothing is left after payment, back to `active` when stock returns.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ORDER_FILTERS,
  orderStatusLabel,
  type Order,
  type OrderCreate,
  type OrderCreated,
  type OrderUser,
} from '@vitrina/contract/orders';
import { cards, orderItems, orders, payments, productPhotos, products, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { imageUrls } from '../media/service.js';
import { getOwnDeliveryPoint, serializeDeliveryPoint } from '../delivery/service.js';
import { avatarUrls } from '../users/service.js';
import { getOwnCard } from '../cards/service.js';
import { paymentProvider, type SavedCardRef } from '../../providers/payments/index.js';

/** How long an unpaid order holds its stock: 15 minutes. */
export const RESERVATION_MS = 15 * 60_000;
/** Most pieces of one size in one order. */
const MAX_COUNT = 99;

/** A transaction or the database (both run the same queries). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Fee in kopecks: `max(round(total × percent / 100), minRub × 100)`, never above the total. */
export function computeFee(totalKopecks: number, fee: { percent: number; minRub: number }): number {
  const byPercent = Math.round((totalKopecks * fee.percent) / 100);
  return Math.min(totalKopecks, Math.max(byPercent, Math.round(fee.minRub * 100)));
}

/* ------------------------------------------------------------------ stock moves */

/**
 * Cancels an order still awaiting payment and returns its stock (listing back to `active`); the pending payment
 * is marked `canceled`. Safe under races: the status guard in the UPDATE makes it happen at most once.
 * @returns provider payment ids of payments that were pending (to cancel at the provider), or null when the
 *   order was not awaiting payment
 */
export async function cancelAndRelease(tx: Tx, orderId: number, now: Date, reason: string, onlyExpired = false) {
  const conds: SQL[] = [eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')];
  if (onlyExpired) conds.push(sql`${orders.reservedUntil} <= ${now.toISOString()}`);
  const done = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, reservedUntil: null })
    .where(and(...conds))
    .returning({ id: orders.id });
  if (!done.length) return null;
  await returnStock(tx, orderId, now);
  const pend = await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .returning({ providerPaymentId: payments.providerPaymentId, provider: payments.provider });
  return pend.filter((p) => p.providerPaymentId).map((p) => ({ provider: p.provider, id: p.providerPaymentId! }));
}

/** Puts an order's pieces back on sale. */
async function returnStock(tx: Tx, orderId: number, now: Date) {
  // One offer at a time in id order: the same lock order as order creation (no deadlocks on PostgreSQL).
  const back = await queryRows<{ offer_id: number; n: number }>(
    tx as unknown as Db,
    sql`select offer_id, sum(count)::int as n from order_items where order_id = ${orderId} group by offer_id order by offer_id`,
  );
  for (const b of back) await tx.execute(sql`update offers set count = count + ${b.n} where id = ${b.offer_id}`);
  await tx.execute(sql`
    update products p set status = 'active', updated_at = ${now.toISOString()}
    where p.status in ('reserved', 'sold')
      and p.id in (select product_id from order_items where order_id = ${orderId})
      and exists (select 1 from offers where product_id = p.id and count > 0)`);
}

/** Listings of an order with nothing left and no other unpaid order → `sold`. */
async function markSoldOut(tx: Tx, orderId: number, now: Date) {
  await tx.execute(sql`
    update products p set status = 'sold', updated_at = ${now.toISOString()}
    where p.status in ('active', 'reserved')
      and p.id in (select product_id from order_items where order_id = ${orderId})
      and not exists (select 1 from offers where product_id = p.id and count > 0)
      and not exists (
        select 1 from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = p.id and o.status = 'awaiting_payment' and o.id <> ${orderId})`);
}

/**
 * Marks an order paid (from a confirmed payment). When the money arrives after the reservation was released,
 * the stock is taken again if it is still there; otherwise the order stays cancelled with a refund note.
 * @returns `paid`, `already` (not awaiting payment and not recoverable) or `late_refund`
 */
export async function markOrderPaid(tx: Tx, orderId: number, now: Date): Promise<'paid' | 'already' | 'late_refund'> {
  const done = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  if (done.length) {
    await markSoldOut(tx, orderId, now);
    return 'paid';
  }
  const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (o?.status !== 'cancelled') return 'already';
  // Paid after the reservation ran out: take the stock again if nobody bought it meanwhile.
  const items = await tx
    .select({ offerId: orderItems.offerId, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.offerId);
  const ok = await (tx as Db)
    .transaction(async (sp) => {
      for (const it of items) {
        const r = await queryRows(sp as unknown as Db, sql`update offers set count = count - ${it.count} where id = ${it.offerId} and count >= ${it.count} returning id`);
        if (!r.length) throw new Error('gone');
      }
      return true;
    })
    .catch(() => false);
  if (!ok) {
    await tx
      .update(orders)
      .set({ cancelReason: 'Оплата пришла после отмены заказа, товар уже продан — деньги будут возвращены.' })
      .where(eq(orders.id, orderId));
    return 'late_refund';
  }
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, cancelledAt: null, cancelReason: null })
    .where(eq(orders.id, orderId));
  await tx.execute(sql`
    update products p set status = 'reserved', updated_at = ${now.toISOString()}
    where p.status = 'active' and p.id in (select product_id from order_items where order_id = ${orderId})
      and not exists (select 1 from offers where product_id = p.id and count > 0)`);
  await markSoldOut(tx, orderId, now);
  return 'paid';
}

/**
 * Cancels every order whose reservation ran out (status `awaiting_payment`, `reserved_until <= now`), returning
 * their stock. Runs from a timer in the orders module and lazily before each new order.
 * @returns how many orders were cancelled
 */
export async function releaseExpiredReservations(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.reservedUntil} <= ${now.toISOString()}`))
    .orderBy(orders.id)
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const cancelled = await app.db.transaction((tx) =>
      cancelAndRelease(tx, id, now, 'Время на оплату истекло, товар снова в продаже.', true),
    );
    if (!cancelled) continue;
    n += 1;
    for (const p of cancelled) {
      if (p.provider === app.config.payments.provider) {
        await paymentProvider(app).cancelPayment(p.id).catch((err: unknown) => app.log.warn({ err }, 'cancel payment failed'));
      }
    }
  }
  if (n) app.log.info({ released: n }, 'expired reservations released');
  return n;
}

/* --------------------------------------------------------------------- create */

/**
 * The 409 text for a size that has no pieces left: either bought, or held by another buyer's unpaid order
 * (then it may come back within {@link RESERVATION_MS}).
 */
function goneMessage(title: string, size: string, reserved: boolean): string {
  return reserved
    ? `Товар «${title}» (размер ${size}) сейчас оформляет другой покупатель. Если он не оплатит заказ за 15 минут, вещь вернётся в продажу.`
    : `Товар «${title}» (размер ${size}) уже купили. Посмотрите похожие вещи в каталоге.`;
}

interface Candidate {
  product_id: number;
  slug: string;
  title: string;
  owner_id: number;
  status: string;
  offer_id: number | null;
  offer_size: string | null;
  price: number | null;
  stock: number | null;
}

/**
 * `POST /v1/sales/order/`: validates, reserves stock in one transaction, opens a payment.
 * @throws ApiError 400 (Russian, naming the field) for a missing/foreign delivery point or card, unknown items,
 *   sizes not offered, bad counts, items of several sellers or one's own listing; 409 when the stock is gone
 *   (somebody else bought it first); 502 when the payment provider is down (the reservation is released)
 */
export async function createOrder(app: FastifyInstance, buyerId: number, body: OrderCreate): Promise<OrderCreated> {
  await releaseExpiredReservations(app).catch((err: unknown) => app.log.warn({ err }, 'release failed'));
  const db = app.db;

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

  // Merge lines of the same slug + size (sizes compare case-insensitively, spec §5).
  const lines = new Map<string, { slug: string; size: string; count: number }>();
  for (const it of body.items) {
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

  const slugs = [...new Set([...lines.values()].map((l) => l.slug))];
  const found = await queryRows<Candidate>(
    db,
    sql`select p.id as product_id, p.slug, p.title, p.owner_id, p.status,
               o.id as offer_id, o.size as offer_size, o.price, o.count as stock
        from products p left join offers o on o.product_id = p.id
        where p.slug in (${sql.join(slugs.map((s) => sql`${s}`), sql`, `)})`,
  );
  const plan: { offerId: number; productId: number; slug: string; title: string; size: string; count: number }[] = [];
  let sellerId: number | null = null;
  for (const l of lines.values()) {
    const rows = found.filter((r) => r.slug === l.slug);
    const product = rows[0];
    if (!product || !['active', 'reserved'].includes(product.status)) {
      throw badRequest({ items: [`Товар «${l.slug}» не найден или снят с продажи.`] });
    }
    if (product.owner_id === buyerId) throw badRequest({ items: [`Нельзя купить собственный товар «${product.title}».`] });
    if (sellerId !== null && sellerId !== product.owner_id) {
      throw badRequest({ items: ['В одном заказе могут быть товары только одного продавца. Оформите заказы отдельно.'] });
    }
    sellerId = product.owner_id;
    const offer = rows.find((r) => r.offer_size !== null && r.offer_size.toLowerCase() === l.size.toLowerCase());
    if (!offer || offer.offer_id === null) {
      throw badRequest({ items: [`Размера «${l.size}» нет у товара «${product.title}».`] });
    }
    if ((offer.stock ?? 0) === 0) throw conflict(goneMessage(product.title, offer.offer_size!, product.status === 'reserved'));
    if (l.count > (offer.stock ?? 0)) {
      throw badRequest({ items: [`Товара «${product.title}» размера ${offer.offer_size} осталось только ${offer.stock} шт.`] });
    }
    plan.push({ offerId: offer.offer_id, productId: product.product_id, slug: product.slug, title: product.title, size: offer.offer_size!, count: l.count });
  }
  plan.sort((a, b) => a.offerId - b.offerId);

  const now = app.clock.now();
  const paymentId = randomUUID();
  const orderId = await db.transaction(async (tx) => {
    const priced: ((typeof plan)[number] & { price: number })[] = [];
    for (const p of plan) {
      const r = await queryRows<{ price: number }>(
        tx as unknown as Db,
        sql`update offers set count = count - ${p.count}
            where id = ${p.offerId} and count >= ${p.count}
              and exists (select 1 from products where id = ${p.productId} and status in ('active', 'reserved'))
            returning price`,
      );
      if (!r.length) {
        const [cur] = await tx.select({ status: products.status }).from(products).where(eq(products.id, p.productId));
        throw conflict(goneMessage(p.title, p.size, cur?.status === 'reserved'));
      }
      priced.push({ ...p, price: r[0]!.price });
    }
    const productIds = [...new Set(plan.map((p) => p.productId))].sort((a, b) => a - b);
    await tx.execute(sql`
      update products p set status = 'reserved', updated_at = ${now.toISOString()}
      where p.id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)}) and p.status = 'active'
        and not exists (select 1 from offers where product_id = p.id and count > 0)`);
    const total = priced.reduce((s, p) => s + p.price * p.count, 0);
    const fee = computeFee(total, app.config.fee);
    const [{ id }] = (await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    )) as [{ id: number }];
    const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    await tx.insert(orders).values({
      id,
      number: `V-${yymm}-${String(id).padStart(6, '0')}`,
      buyerId,
      sellerId: sellerId!,
      status: 'awaiting_payment',
      deliveryPoint: serializeDeliveryPoint(point),
      cardId: card?.id ?? null,
      total,
      fee,
      payout: total - fee,
      reservedUntil: new Date(now.getTime() + RESERVATION_MS),
      createdAt: now,
    });
    const photos = await tx
      .select({ productId: productPhotos.productId, key: productPhotos.key, position: productPhotos.position })
      .from(productPhotos)
      .where(inArray(productPhotos.productId, productIds))
      .orderBy(productPhotos.productId, productPhotos.position, productPhotos.id);
    const firstPhoto = new Map<number, string>();
    for (const ph of photos) if (!firstPhoto.has(ph.productId)) firstPhoto.set(ph.productId, ph.key);
    await tx.insert(orderItems).values(
      priced.map((p) => ({
        orderId: id,
        productId: p.productId,
        offerId: p.offerId,
        slug: p.slug,
        title: p.title,
        size: p.size,
        price: p.price,
        count: p.count,
        photo: firstPhoto.get(p.productId) ?? null,
      })),
    );
    await tx.insert(payments).values({
      id: paymentId,
      orderId: id,
      provider: app.config.payments.provider,
      status: 'pending',
      amount: total,
      idempotenceKey: randomUUID(),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  });

  // Open the payment outside the transaction (a real provider is an HTTP call).
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [pay] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const provider = paymentProvider(app);
  const saved: SavedCardRef[] = [];
  if (provider.name === 'testgateway') {
    const mine = await db.select().from(cards).where(and(eq(cards.userId, buyerId), eq(cards.provider, 'testgateway')));
    mine.sort((a, b) => Number(b.id === card?.id) - Number(a.id === card?.id) || Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);
    for (const c of mine) saved.push({ token: c.token, brand: c.brand, last4: c.last4 });
  }
  try {
    const created = await provider.createPayment({
      paymentId,
      orderId,
      orderNumber: order!.number,
      amount: order!.total,
      description: `Заказ ${order!.number}`,
      returnUrl: `${app.config.publicUrl}/payment?order=${orderId}`,
      idempotenceKey: pay!.idempotenceKey,
      savedCards: saved,
    });
    await db
      .update(payments)
      .set({ providerPaymentId: created.providerPaymentId, confirmationUrl: created.confirmationUrl, updatedAt: app.clock.now() })
      .where(eq(payments.id, paymentId));
  } catch (err) {
    await db.transaction((tx) => cancelAndRelease(tx, orderId, app.clock.now(), 'Платёжный сервис недоступен.'));
    throw err;
  }
  const full = (await loadOrders(db, [orderId], buyerId))[0]!;
  return { success: true, order: full, payment: full.payment! };
}

/* ------------------------------------------------------------------ read side */

type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Loads and serializes orders (keeps the order of `ids`). `viewerId` decides `role`. */
export async function loadOrders(db: Db, ids: number[], viewerId: number): Promise<Order[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id);
  const pays = await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(desc(payments.createdAt));
  const userIds = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))];
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, userIds));
  const cardIds = rows.map((r) => r.cardId).filter((x): x is number => x !== null);
  const cardRows = cardIds.length
    ? await db.select({ id: cards.id, brand: cards.brand, last4: cards.last4 }).from(cards).where(inArray(cards.id, cardIds))
    : [];
  const person = (id: number): OrderUser => {
    const u = people.find((p) => p.id === id);
    return { id, first_name: u?.firstName ?? '', last_name: u?.lastName ?? '', avatar: avatarUrls(u?.avatar ?? null)?.url_small ?? null };
  };
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is OrderRow => Boolean(r))
    .map((r) => {
      const pay = pays.find((p) => p.orderId === r.id);
      const c = cardRows.find((x) => x.id === r.cardId);
      const dp = r.deliveryPoint as Order['delivery_point'];
      return {
        id: r.id,
        number: r.number,
        status: r.status,
        status_label: orderStatusLabel(r.status),
        role: r.sellerId === viewerId ? 'seller' : 'buyer',
        items: items
          .filter((i) => i.orderId === r.id)
          .map((i) => ({
            id: i.id,
            product_id: i.productId,
            slug: i.slug,
            title: i.title,
            size: i.size,
            price: toRubles(i.price),
            count: i.count,
            photo: i.photo ? imageUrls(i.photo).url_small : null,
          })),
        total: toRubles(r.total),
        fee: toRubles(r.fee),
        payout: toRubles(r.payout),
        delivery_point: {
          id: dp?.id ?? null,
          name: dp?.name ?? '',
          address: dp?.address ?? '',
          point_id: dp?.point_id ?? '',
          delivery_service_type: dp?.delivery_service_type ?? '',
        },
        card: c ? { brand: c.brand, last4: c.last4 } : null,
        seller: person(r.sellerId),
        buyer: person(r.buyerId),
        tracking_number: r.trackingNumber,
        cancel_reason: r.cancelReason,
        reserved_until: iso(r.reservedUntil),
        created_at: r.createdAt.toISOString(),
        paid_at: iso(r.paidAt),
        shipped_at: iso(r.shippedAt),
        delivered_at: iso(r.deliveredAt),
        completed_at: iso(r.completedAt),
        cancelled_at: iso(r.cancelledAt),
        payment: pay ? { id: pay.id, status: pay.status, confirmation_url: pay.confirmationUrl } : null,
      } satisfies Order;
    });
}

const FILTER_VALUES: readonly string[] = ORDER_FILTERS.map((f) => f.value);

/**
 * A DRF page of the caller's orders, newest first: as buyer (`/v1/sales/orders/?filter=`) or seller.
 * @throws ApiError 400 `{filter}` for an unknown filter; 404 for a page past the end
 */
export async function listOrders(
  app: FastifyInstance,
  url: string,
  q: PageQuery,
  userId: number,
  as: 'buyer' | 'seller',
  filter?: string,
): Promise<Page<Order>> {
  const f = filter?.trim() || 'all';
  if (!FILTER_VALUES.includes(f)) {
    throw badRequest({ filter: [`Неизвестный фильтр «${f.slice(0, 40)}». Допустимо: ${FILTER_VALUES.join(', ')}.`] });
  }
  const conds: SQL[] = [as === 'buyer' ? eq(orders.buyerId, userId) : eq(orders.sellerId, userId)];
  if (f !== 'all') conds.push(eq(orders.status, f));
  const where = and(...conds);
  const count = await app.db.$count(orders, where);
  const { limit, offset } = pageWindow(q);
  const ids = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return makePage(url, q, count, await loadOrders(app.db, ids.map((r) => r.id), userId));
}

/**
 * One order for its buyer or seller.
 * @throws ApiError 404 for anyone else
 */
export async function getOrderFor(app: FastifyInstance, userId: number, id: number): Promise<OrderRow> {
  const [o] = await app.db.select().from(orders).where(eq(orders.id, id));
  if (!o || (o.buyerId !== userId && o.sellerId !== userId)) throw notFound('Заказ не найден.');
  return o;
}

/* ---------------------------------------------------------------- transitions */

const wrongState = (o: OrderRow, what: string) =>
  badRequest(`Нельзя ${what}: заказ в статусе «${orderStatusLabel(o.status)}».`);

/** Seller ships a paid order with a tracking number (`paid` → `shipped`). */
export async function shipOrder(app: FastifyInstance, userId: number, id: number, trackingNumber: string): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.sellerId !== userId) throw notFound('Заказ не найден.');
  const done = await app.db
    .update(orders)
    .set({ status: 'shipped', trackingNumber, shippedAt: app.clock.now() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (!done.length) throw wrongState(o, 'отметить отправку');
  return (await loadOrders(app.db, [id], userId))[0]!;
}

/** Buyer confirms receipt (`shipped` | `delivered` → `completed`). */
export async function confirmOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const now = app.clock.now();
  const done = await app.db
    .update(orders)
    .set({ status: 'completed', completedAt: now, deliveredAt: o.deliveredAt ?? now })
    .where(and(eq(orders.id, id), inArray(orders.status, ['shipped', 'delivered'])))
    .returning({ id: orders.id });
  if (!done.length) throw wrongState(o, 'подтвердить получение');
  return (await loadOrders(app.db, [id], userId))[0]!;
}

/** Buyer cancels an unpaid order (`awaiting_payment` → `cancelled`), returning the stock. */
export async function cancelOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const pending = await app.db.transaction((tx) => cancelAndRelease(tx, id, app.clock.now(), 'Заказ отменён покупателем.'));
  if (!pending) throw wrongState(o, 'отменить заказ');
  for (const p of pending) {
    if (p.provider === app.config.payments.provider) {
      await paymentProvider(app).cancelPayment(p.id).catch((err: unknown) => app.log.warn({ err }, 'cancel payment failed'));
    }
  }
  return (await loadOrders(app.db, [id], userId))[0]!;
}
