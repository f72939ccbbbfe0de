/**
 * Order creation (spec §7 `POST /v1/sales/order/`; issue «Buying»), as explicit steps (issue 12 «Seams»):
 *
 * 1. {@link validateOrder} — the buyer's delivery point and card, the items (read without locks);
 * 2. {@link reserveStock} — in one transaction: offers taken (`count = count - n WHERE count >= n`, id order),
 *    then their listings locked (id order) and re-checked, listings with nothing left `reserved`;
 * 3. {@link priceOrder} — total, fee and payout by the contract's money rules (`@vitrina/contract/money`);
 * 4. {@link insertOrder} — the order, its items and a pending payment, in the same transaction as step 2, with the
 *    job that expires the order at `reserved_until` (expiry.ts);
 * 5. {@link startPayment} — the payment opened at the configured provider (outside the database: an HTTP call).
 *
 * What lives outside the database is undone when a later step fails: a payment the provider created is cancelled
 * there when saving its id fails, and an order whose payment could not be started (or whose answer could not be
 * read) is cancelled with its stock released ({@link undoOrder}). An unpaid order holds its stock for
 * {@link RESERVATION_MS}. Money: kopecks in the DB, rubles in answers.
 *
 * Lock order (PostgreSQL): offers in id order, then products in id order — the same as cancelling or paying an
 * order (stock.ts) and deleting or editing a listing (products module), so none of them deadlock.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderCreate, OrderCreated } from '@vitrina/contract/orders';
import { splitTotal, type FeeRule, type MoneySplit } from '@vitrina/contract/money';
import { cards, orderItems, orders, payments, productPhotos } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { feeRule } from '../../lib/money.js';
import { getOwnDeliveryPoint, serializeDeliveryPoint } from '../delivery/index.js';
import { getOwnCard } from '../cards/index.js';
import { paymentProvider, type SavedCardRef } from '../../providers/payments/index.js';
import { loadOrders } from './read.js';
import { cancelAndRelease, cancelAtProvider, RESERVATION_MS } from './stock.js';
import { scheduleExpiry } from './expiry.js';

/** Most pieces of one size in one order. */
const MAX_COUNT = 99;

/** Listing states in which it can be ordered (`reserved`: other sizes may still be in stock). */
const ORDERABLE = ['active', 'reserved'];

/**
 * The 409 text for a size that has no pieces left: either bought, or held by another buyer's unpaid order
 * (then it may come back within {@link RESERVATION_MS}).
 */
function goneMessage(title: string, size: string, reserved: boolean): string {
  return reserved
    ? `Товар «${title}» (размер ${size}) сейчас оформляет другой покупатель. Если он не оплатит заказ за 15 минут, вещь вернётся в продажу.`
    : `Товар «${title}» (размер ${size}) уже купили. Посмотрите похожие вещи в каталоге.`;
}

/** The 400 for a listing that is gone (deleted, a draft, sold out for good) or never existed. */
const notOnSale = (slug: string) => badRequest({ items: [`Товар «${slug}» не найден или снят с продажи.`] });

/** One size to take: which offer, how many, and what the order item will say. */
interface PlannedLine {
  offerId: number;
  productId: number;
  slug: string;
  title: string;
  size: string;
  count: number;
}

/** A planned line with the price (kopecks) read while its offer was taken. */
type PricedLine = PlannedLine & { price: number };

/** What {@link validateOrder} found: everything the transaction needs, checked. */
interface ValidOrder {
  buyerId: number;
  sellerId: number;
  point: Awaited<ReturnType<typeof getOwnDeliveryPoint>>;
  card: typeof cards.$inferSelect | null;
  /** In offer id order (the lock order). */
  plan: PlannedLine[];
}

/** The order as created, with what opening its payment needs. */
interface NewOrder {
  id: number;
  number: string;
  /** Kopecks. */
  total: number;
  paymentId: string;
  idempotenceKey: string;
}

/**
 * `POST /v1/sales/order/`: validates, reserves stock and creates the order in one transaction, opens a payment.
 * @throws ApiError 400 (Russian, naming the field) for a missing/foreign delivery point or card, unknown items,
 *   sizes not offered, bad counts, items of several sellers or one's own listing, a listing deleted meanwhile;
 *   409 when the stock is gone (somebody else bought it first); 502 when the payment provider is down (the
 *   reservation is released)
 */
export async function createOrder(app: FastifyInstance, buyerId: number, body: OrderCreate): Promise<OrderCreated> {
  const valid = await validateOrder(app.db, buyerId, body);
  const now = app.clock.now();
  const order = await app.db.transaction(async (tx) => {
    const lines = await reserveStock(tx, valid.plan, now);
    const created = await insertOrder(tx, valid, lines, priceOrder(lines, feeRule(app.config.fee)), {
      now,
      provider: app.config.payments.provider,
    });
    await scheduleExpiry(app, tx, created.id, new Date(now.getTime() + RESERVATION_MS));
    return created;
  });
  try {
    await startPayment(app, order, valid);
    const full = (await loadOrders(app.db, [order.id], buyerId))[0]!;
    return { success: true, order: full, payment: full.payment! };
  } catch (err) {
    await undoOrder(app, order.id);
    throw err;
  }
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
  const { plan, sellerId } = await planLines(db, buyerId, mergeLines(body.items));
  return { buyerId, sellerId, point, card, plan };
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

/**
 * Step 2 (inside the order's transaction): takes each line's pieces, offers in id order, then locks the listings
 * (`FOR UPDATE`, id order) and re-checks that they are still on sale — a listing deleted or moved to drafts while
 * this order was being placed makes the whole transaction roll back (never an order of a deleted listing).
 * Listings with nothing left become `reserved`.
 * @returns the lines with the price (kopecks) each offer had when taken
 * @throws ApiError 409 when another buyer took the pieces first, 400 when a listing left the sale meanwhile
 */
export async function reserveStock(tx: Tx, plan: PlannedLine[], now: Date): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const p of plan) {
    const r = await queryRows<{ price: number }>(
      tx as unknown as Db,
      sql`update offers set count = count - ${p.count}
          where id = ${p.offerId} and count >= ${p.count}
            and exists (select 1 from products where id = ${p.productId} and status in ('active', 'reserved'))
          returning price`,
    );
    if (!r.length) {
      const status = await listingStatus(tx, p.productId);
      if (!status || !ORDERABLE.includes(status)) throw notOnSale(p.slug);
      throw conflict(goneMessage(p.title, p.size, status === 'reserved'));
    }
    priced.push({ ...p, price: r[0]!.price });
  }
  const productIds = [...new Set(plan.map((p) => p.productId))].sort((a, b) => a - b);
  const locked = await queryRows<{ id: number; status: string }>(
    tx as unknown as Db,
    sql`select id, status from products where id in (${sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
  const gone = plan.find((p) => !ORDERABLE.includes(locked.find((l) => l.id === p.productId)?.status ?? ''));
  if (gone) throw notOnSale(gone.slug);
  await tx.execute(sql`
    update products p set status = 'reserved', updated_at = ${now.toISOString()}
    where p.id in (${sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and p.status = 'active'
      and not exists (select 1 from offers where product_id = p.id and count > 0)`);
  return priced;
}

/** A listing's latest committed status, or null when it is gone (only to word the refusal; the lock is below). */
async function listingStatus(tx: Tx, productId: number): Promise<string | null> {
  const rows = await queryRows<{ status: string }>(
    tx as unknown as Db,
    sql`select status from products where id = ${productId}`,
  );
  return rows[0]?.status ?? null;
}

/**
 * Step 3: the order's money, kopecks — the total of its lines split by the contract's fee rule
 * (`max(round(total × percent / 100), minimum)`, never above the total; `payout = total − fee`).
 */
export function priceOrder(lines: PricedLine[], rule: FeeRule): MoneySplit {
  return splitTotal(
    lines.reduce((s, p) => s + p.price * p.count, 0),
    rule,
  );
}

/**
 * Step 4 (same transaction as step 2): the order (number `V-YYMM-000042`, reserved for {@link RESERVATION_MS}),
 * its items (each with the listing's first photo) and a pending payment with a fresh idempotence key.
 */
export async function insertOrder(
  tx: Tx,
  valid: ValidOrder,
  lines: PricedLine[],
  money: MoneySplit,
  at: { now: Date; provider: string },
): Promise<NewOrder> {
  const { now } = at;
  const [{ id }] = (await queryRows<{ id: number }>(
    tx as unknown as Db,
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  )) as [{ id: number }];
  const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const number = `V-${yymm}-${String(id).padStart(6, '0')}`;
  await tx.insert(orders).values({
    id,
    number,
    buyerId: valid.buyerId,
    sellerId: valid.sellerId,
    status: 'awaiting_payment',
    deliveryPoint: serializeDeliveryPoint(valid.point),
    cardId: valid.card?.id ?? null,
    total: money.total,
    fee: money.fee,
    payout: money.payout,
    reservedUntil: new Date(now.getTime() + RESERVATION_MS),
    createdAt: now,
  });
  const photos = await firstPhotos(tx, [...new Set(lines.map((p) => p.productId))]);
  await tx.insert(orderItems).values(
    lines.map((p) => ({
      orderId: id,
      productId: p.productId,
      offerId: p.offerId,
      slug: p.slug,
      title: p.title,
      size: p.size,
      price: p.price,
      count: p.count,
      photo: photos.get(p.productId) ?? null,
    })),
  );
  const paymentId = randomUUID();
  const idempotenceKey = randomUUID();
  await tx.insert(payments).values({
    id: paymentId,
    orderId: id,
    provider: at.provider,
    status: 'pending',
    amount: money.total,
    idempotenceKey,
    createdAt: now,
    updatedAt: now,
  });
  return { id, number, total: money.total, paymentId, idempotenceKey };
}

/** Each listing's first photo key (by position). */
async function firstPhotos(tx: Tx, productIds: number[]): Promise<Map<number, string>> {
  const photos = await tx
    .select({ productId: productPhotos.productId, key: productPhotos.key })
    .from(productPhotos)
    .where(inArray(productPhotos.productId, productIds))
    .orderBy(productPhotos.productId, productPhotos.position, productPhotos.id);
  const first = new Map<number, string>();
  for (const ph of photos) if (!first.has(ph.productId)) first.set(ph.productId, ph.key);
  return first;
}

/**
 * Step 5 (after the transaction committed): opens the payment at the configured provider and saves its id and
 * confirmation URL. When saving fails after the provider created the payment, that payment is cancelled at the
 * provider (best effort, logged) before the error goes on to {@link createOrder}, which cancels the order.
 * @throws ApiError 502 when the provider cannot be reached or refuses; whatever saving threw
 */
export async function startPayment(app: FastifyInstance, order: NewOrder, valid: ValidOrder): Promise<void> {
  const provider = paymentProvider(app);
  const created = await provider.createPayment({
    paymentId: order.paymentId,
    orderId: order.id,
    orderNumber: order.number,
    amount: order.total,
    description: `Заказ ${order.number}`,
    returnUrl: `${app.config.publicUrl}/payment?order=${order.id}`,
    idempotenceKey: order.idempotenceKey,
    savedCards: provider.name === 'testgateway' ? await savedCards(app.db, valid) : [],
  });
  try {
    await app.db
      .update(payments)
      .set({
        providerPaymentId: created.providerPaymentId,
        confirmationUrl: created.confirmationUrl,
        updatedAt: app.clock.now(),
      })
      .where(eq(payments.id, order.paymentId));
  } catch (err) {
    await cancelAtProvider(app, [{ provider: provider.name, id: created.providerPaymentId }]);
    throw err;
  }
}

/** The buyer's test-gateway cards for the bank page: the chosen one first, then the default, then newest. */
async function savedCards(db: Db, valid: ValidOrder): Promise<SavedCardRef[]> {
  const chosen = valid.card?.id;
  const mine = await db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, valid.buyerId), eq(cards.provider, 'testgateway')));
  mine.sort(
    (a, b) =>
      Number(b.id === chosen) - Number(a.id === chosen) || Number(b.isDefault) - Number(a.isDefault) || b.id - a.id,
  );
  return mine.map((c) => ({ token: c.token, brand: c.brand, last4: c.last4 }));
}

/**
 * Undoes steps 2–5 when a step after the transaction failed: the order is cancelled («Платёжный сервис
 * недоступен.»), its stock returned, its pending payment marked `canceled` and, when the provider's payment id was
 * saved, cancelled at the provider too. Never throws (the caller rethrows the step's error): if even this fails,
 * the reservation runs out after {@link RESERVATION_MS} and its expiry job releases it.
 */
export async function undoOrder(app: FastifyInstance, orderId: number): Promise<void> {
  try {
    const pending = await app.db.transaction((tx) =>
      cancelAndRelease(tx, orderId, app.clock.now(), 'Платёжный сервис недоступен.'),
    );
    if (pending) await cancelAtProvider(app, pending);
  } catch (err) {
    app.log.error({ err, orderId }, 'undoing a failed checkout failed; the reservation will expire');
  }
}
