/**
 * Order creation (spec §7 `POST /v1/sales/order/`; issue «Buying»), as explicit steps:
 *
 * 1. {@link validateOrder} (checkout-lines.ts) — the buyer's delivery point and card, the items (read without locks);
 * 2. {@link reserveStock} — in one transaction: offers taken (`count = count - n WHERE count >= n`, id order),
 *    then their listings locked (id order) and re-checked, listings with nothing left `reserved`;
 * 3. {@link priceOrder} — total, fee and payout by the contract's money rules (`@vitrina/contract/money`), on the
 *    prices charged: a price the buyer agreed in the messenger replaces the size's (agreed-prices.ts);
 * 4. {@link insertOrder} — the order, its items and a pending payment, in the same transaction as step 2, with the
 *    job that expires the order at `reserved_until` (expiry.ts);
 * 5. {@link startPayment} (checkout-payment.ts) — the payment opened at the configured provider (outside the
 *    database: an HTTP call).
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
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderCreate, OrderCreated } from '@vitrina/contract/orders';
import { splitTotal, type FeeRule, type MoneySplit } from '@vitrina/contract/money';
import { orderItems, orders, payments, productPhotos } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { feeRule } from '../../lib/money.js';
import { serializeDeliveryPoint } from '../delivery/index.js';
import { loadOrders } from './read.js';
import { RESERVATION_MS } from './stock.js';
import { scheduleExpiry } from './expiry.js';

import {
  goneMessage,
  notOnSale,
  ORDERABLE,
  ownPendingOrder,
  pendingOrderConflict,
  validateOrder,
  type NewOrder,
  type PlannedLine,
  type PricedLine,
  type ValidOrder,
} from './checkout-lines.js';
import { startPayment, undoOrder } from './checkout-payment.js';
import { applyAgreedPrices } from './agreed-prices.js';
import { crashPoint } from '../../lib/crash-points.js';

/**
 * `POST /v1/sales/order/`: validates, reserves stock and creates the order in one transaction, opens a payment.
 * @param origin where the payment page returns the buyer (lib/public-origin.ts); default `PUBLIC_URL`
 * @throws ApiError 400 (Russian, naming the field) for a missing/foreign delivery point or card, unknown items,
 *   sizes not offered, bad counts, items of several sellers or one's own listing, a listing deleted meanwhile;
 *   409 with `pending_order` when the buyer already has an unpaid order of these items (pay that one), 409 when
 *   the stock is gone (somebody else bought it first); 502 when the payment provider is down (the
 *   reservation is released)
 */
export async function createOrder(
  app: FastifyInstance,
  buyerId: number,
  body: OrderCreate,
  origin?: string,
): Promise<OrderCreated> {
  const pending = await ownPendingOrder(app.db, buyerId, body.items);
  if (pending) throw pendingOrderConflict(pending);
  const valid = await validateOrder(app.db, buyerId, body);
  const now = app.clock.now();
  const order = await app.db.transaction(async (tx) => {
    // A price agreed in the messenger (an accepted offer of this buyer for the size) replaces the size's price.
    const lines = await applyAgreedPrices(tx, buyerId, await reserveStock(tx, valid.plan, now), now);
    const created = await insertOrder(tx, valid, lines, priceOrder(lines, feeRule(app.config.fee)), {
      now,
      provider: app.config.payments.provider,
    });
    await scheduleExpiry(app, tx, created.id, new Date(now.getTime() + RESERVATION_MS));
    return created;
  });
  crashPoint('checkout.order-committed');
  try {
    await startPayment(app, order, valid, origin);
    const full = (await loadOrders(app, [order.id], buyerId))[0]!;
    return { success: true, order: full, payment: full.payment! };
  } catch (err) {
    await undoOrder(app, order.id);
    throw err;
  }
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
    recipientName: valid.recipient.name,
    recipientPhone: valid.recipient.phone,
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
