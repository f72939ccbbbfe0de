/**
 * Staff read accounts (`GET /v1/admin/users/?q=`, `GET /v1/admin/users/{id}/`): a search by phone (any part of its
 * digits) or name (any word's start, case-insensitive), newest first, and one account's details — its listings by
 * status, open reports on it and its latest orders on both sides. Money: kopecks stored, rubles out.
 */
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUser, AdminUserDetail } from '@vitrina/contract/admin-users';
import { orderStatusLabel } from '@vitrina/contract/orders';
import type { Db } from '../../db/client.js';
import { orderItems, orders, products, reportCases, reports, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { personName } from './audit.js';

/** Orders shown on an account's details (newest first). */
export const USER_ORDERS_SHOWN = 50;

// Correlated on "users"."id" spelled out: drizzle writes a column of the selected table unqualified in a subquery.
const activeListings = sql<number>`(select count(*)::int from ${products} p where p.owner_id = "users"."id" and p.status = 'active')`;
const ordersCount = sql<number>`(select count(*)::int from ${orders} o where o.buyer_id = "users"."id" or o.seller_id = "users"."id")`;

type UserRow = typeof users.$inferSelect & { activeListings: number; ordersCount: number };

const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id,
  name: personName(u),
  phone: u.phone,
  city: u.city,
  role: u.role,
  date_joined: u.dateJoined.toISOString(),
  blocked_at: u.blockedAt?.toISOString() ?? null,
  block_reason: u.blockReason,
  active_listings: u.activeListings,
  orders_count: u.ordersCount,
});

/** Escapes `%`, `_` and `\` for LIKE. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of accounts matching `q` (all live accounts without it), newest first.
 * @param q a phone's digits (3 or more, any part; `8…` reads as `+7…`) or words of the name
 * @throws ApiError 404 past the last page
 */
export async function userPage(db: Db, url: string, page: PageQuery, q: string): Promise<Page<AdminUser>> {
  const where: SQL[] = [isNull(users.deletedAt)];
  const digits = q.replace(/\D/g, '');
  const words = q
    .replace(/[+\d()\s-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (digits.length >= 3 && !words.length) {
    const d = digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
    where.push(ilike(users.phone, `%${d}%`));
  } else if (words.length) {
    for (const w of words.slice(0, 4)) {
      const pat = `${likeText(w)}%`;
      where.push(or(ilike(users.firstName, pat), ilike(users.lastName, pat))!);
    }
  } else if (q.trim()) {
    where.push(sql`false`);
  }
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(users).where(cond);
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ u: users, activeListings, ordersCount })
    .from(users)
    .where(cond)
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(limit)
    .offset(offset);
  return makePage(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => toAdminUser({ ...r.u, activeListings: r.activeListings, ordersCount: r.ordersCount })),
  );
}

/**
 * One account with its listings by status, open reports on it and its latest {@link USER_ORDERS_SHOWN} orders.
 * @throws ApiError 404 unknown or deleted
 */
export async function userDetail(db: Db, id: number): Promise<AdminUserDetail> {
  const [r] = await db
    .select({ u: users, activeListings, ordersCount })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!r) throw notFound('Пользователь не найден.');
  const byStatus = await db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(and(eq(products.ownerId, id), sql`${products.status} <> 'deleted'`))
    .groupBy(products.status);
  const [open] = await db
    .select({ n: count() })
    .from(reports)
    .innerJoin(reportCases, eq(reportCases.id, reports.caseId))
    .where(and(eq(reportCases.objectType, 'user'), eq(reportCases.objectId, id), eq(reports.status, 'open')));
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const rows = await db
    .select({
      o: orders,
      buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName },
      seller: { id: seller.id, firstName: seller.firstName, lastName: seller.lastName },
      title: sql<string>`(select string_agg(i.title, ', ' order by i.id) from ${orderItems} i where i.order_id = "orders"."id")`,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .where(or(eq(orders.buyerId, id), eq(orders.sellerId, id)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(USER_ORDERS_SHOWN);
  return {
    ...toAdminUser({ ...r.u, activeListings: r.activeListings, ordersCount: r.ordersCount }),
    about: r.u.about,
    listings_by_status: Object.fromEntries(byStatus.map((s) => [s.status, s.n])),
    open_reports: open?.n ?? 0,
    orders: rows.map(({ o, buyer: b, seller: s, title }) => {
      const isSeller = o.sellerId === id;
      const other = isSeller ? b : s;
      return {
        id: o.id,
        number: o.number,
        role: isSeller ? ('seller' as const) : ('buyer' as const),
        status: o.status,
        status_label: orderStatusLabel(o.status),
        total: toRubles(o.total),
        title: title ?? '',
        counterpart: { id: other.id, name: personName(other) },
        created_at: o.createdAt.toISOString(),
      };
    }),
  };
}
