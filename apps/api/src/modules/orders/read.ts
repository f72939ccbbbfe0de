/**
 * The read side of orders (spec §7 `GET /v1/sales/orders/`, `/v1/sales/orders/seller/`; ours:
 * `/v1/sales/orders/{id}/`): loading and serializing orders with their items, people, card and payment, the
 * caller's pages by filter, and one order for its buyer or seller. Money: kopecks in the DB, rubles in answers.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ORDER_FILTERS,
  orderStatusLabel,
  trackingUrl,
  type Order,
  type OrderUser,
  type PayoutStatus,
} from '@vitrina/contract/orders';
import { cards, orderItems, orders, payments, payouts, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { imageUrls } from '../media/index.js';
import { avatarUrls } from '../users/index.js';
import { orderDeadlines } from './deadline-times.js';
import { orderHistories } from './history.js';

/** An order as stored. */
export type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
type PayoutRow = typeof payouts.$inferSelect;

/** Order states in which the seller's money is held until the buyer confirms receipt (after shipping). */
const HELD = ['shipped', 'delivered', 'disputed'];

/** The seller's view of an order's payout: status, when sent and how much (rubles). */
function payoutFields(r: OrderRow, p: PayoutRow | undefined) {
  let status: PayoutStatus | null = null;
  if (r.status === 'paid') status = 'awaiting_shipping';
  else if (HELD.includes(r.status)) status = 'awaiting_completion';
  else if (r.status === 'completed') status = (p?.status as PayoutStatus | undefined) ?? 'processing';
  const sent = status === 'sent' && p;
  return {
    payout_status: status,
    paid_out_at: sent ? iso(p.sentAt) : null,
    payout_amount: sent ? toRubles(p.amount) : null,
  };
}

/**
 * Loads and serializes orders (keeps the order of `ids`), each with its history (history.ts). `viewerId` decides
 * `role`.
 */
export async function loadOrders(app: FastifyInstance, ids: number[], viewerId: number): Promise<Order[]> {
  if (!ids.length) return [];
  const db: Db = app.db;
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id);
  const pays = await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(desc(payments.createdAt));
  const sold = rows.filter((r) => r.sellerId === viewerId).map((r) => r.id);
  const outs = sold.length ? await db.select().from(payouts).where(inArray(payouts.orderId, sold)) : [];
  const userIds = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))];
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, userIds));
  const cardIds = rows.map((r) => r.cardId).filter((x): x is number => x !== null);
  const cardRows = cardIds.length
    ? await db
        .select({ id: cards.id, brand: cards.brand, last4: cards.last4 })
        .from(cards)
        .where(inArray(cards.id, cardIds))
    : [];
  const person = (id: number): OrderUser => {
    const u = people.find((p) => p.id === id);
    return {
      id,
      first_name: u?.firstName ?? '',
      last_name: u?.lastName ?? '',
      avatar: avatarUrls(u?.avatar ?? null)?.url_small ?? null,
    };
  };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const histories = await orderHistories(app, rows, (id) => outs.find((p) => p.orderId === id), viewerId);
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
        // The seller needs the recipient only to fill in the waybill: from payment on, never for an unpaid order.
        recipient:
          r.recipientName && r.recipientPhone && (r.buyerId === viewerId || r.paidAt)
            ? { name: r.recipientName, phone: r.recipientPhone }
            : null,
        tracking_number: r.trackingNumber,
        tracking_url: r.trackingNumber ? trackingUrl(dp?.delivery_service_type ?? '', r.trackingNumber) : null,
        cancel_reason: r.cancelReason,
        cancelled_by: r.status === 'cancelled' ? (r.cancelledBy as Order['cancelled_by']) : null,
        ...orderDeadlines(r),
        reserved_until: iso(r.reservedUntil),
        created_at: r.createdAt.toISOString(),
        paid_at: iso(r.paidAt),
        shipped_at: iso(r.shippedAt),
        delivered_at: iso(r.deliveredAt),
        completed_at: iso(r.completedAt),
        cancelled_at: iso(r.cancelledAt),
        // Refund fields only once money went back: other answers keep their shape.
        ...(r.refundedAmount !== null
          ? { refunded_amount: toRubles(r.refundedAmount), refunded_at: iso(r.refundedAt) }
          : {}),
        ...(r.sellerId === viewerId
          ? payoutFields(
              r,
              outs.find((p) => p.orderId === r.id),
            )
          : {}),
        history: histories.get(r.id) ?? [],
        payment: pay
          ? {
              id: pay.id,
              status: pay.status,
              // The bank page is the buyer's: its link (which opens their saved cards) never goes to the seller.
              confirmation_url: r.buyerId === viewerId ? pay.confirmationUrl : null,
              ...(pay.refundedAmount !== null
                ? { refunded_amount: toRubles(pay.refundedAmount), refunded_at: iso(pay.refundedAt) }
                : {}),
            }
          : null,
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
  return makePage(
    url,
    q,
    count,
    await loadOrders(
      app,
      ids.map((r) => r.id),
      userId,
    ),
  );
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
