/**
 * The owner's read side of listings (spec §4, §7 `GET /v1/products/{id}/`, `GET /v1/product_statuses/`,
 * `GET /v1/product_owner/`): one listing of the caller, the count per status, and the caller's pages of listings
 * by status. Another user's listing answers 404. Money: kopecks in the database, rubles out.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONDITIONS, PRODUCT_STATUSES } from '@vitrina/contract/catalog';
import type { Listing, OwnerListing, ProductStatus } from '@vitrina/contract/products';
import type { Db, Tx } from '../../db/client.js';
import {
  authenticityPhotos,
  brands,
  categories,
  offers,
  productPhotos,
  products,
  sizes,
} from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { photoOut } from './photos.js';

type Conn = Db | Tx;

/** Statuses the owner sees and filters by (spec §4; `blocked` is staff's); `deleted` is never shown. */
export const OWNER_STATUSES = ['active', 'pending_review', 'draft', 'reserved', 'sold', 'blocked'] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

const STATUS_LABEL: Record<string, string> = {
  active: 'В продаже',
  draft: 'Черновик',
  reserved: 'Забронирован',
  sold: 'Продан',
  deleted: 'Удалён',
  blocked: 'Заблокировано',
  pending_review: 'На проверке подлинности',
};

/** Loads a listing of `ownerId` (any status but deleted). @throws ApiError 404 */
export async function ownedRow(db: Conn, ownerId: number, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.ownerId, ownerId), sql`${products.status} <> 'deleted'`));
  if (!row) throw notFound();
  return row;
}

/**
 * The owner's view of one listing.
 * @throws ApiError 404 when it does not exist, is deleted or belongs to someone else
 */
export async function getListing(db: Conn, ownerId: number, id: number): Promise<Listing> {
  const p = await ownedRow(db, ownerId, id);
  const [brand] = p.brandId
    ? await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, p.brandId))
    : [];
  const [cat] = p.categoryId
    ? await db
        .select({ id: categories.id, name: categories.name, type: categories.type })
        .from(categories)
        .where(eq(categories.id, p.categoryId))
    : [];
  const offerRows = await db
    .select({ id: offers.id, size: offers.size, price: offers.price, count: offers.count, position: sizes.position })
    .from(offers)
    .leftJoin(sizes, eq(sizes.id, offers.sizeId))
    .where(eq(offers.productId, p.id))
    .orderBy(asc(sql`coalesce(${sizes.position}, 0)`), asc(offers.id));
  const [proofs] = await db
    .select({ n: count() })
    .from(authenticityPhotos)
    .where(eq(authenticityPhotos.productId, p.id));
  const photos = await db
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, p.id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  return {
    id: p.id,
    slug: p.slug,
    status: p.status,
    status_label: STATUS_LABEL[p.status] ?? p.status,
    block_reason: p.blockReason,
    verified: p.verifiedAt !== null,
    review_decline_reason: p.reviewDeclineReason,
    authenticity_photos: proofs?.n ?? 0,
    title: p.title,
    description: p.description,
    brand: brand ?? null,
    brand_text: brand ? null : p.brandText,
    no_brand: !brand && !p.brandText && p.noBrand,
    category: cat ?? null,
    type: p.type,
    condition: p.condition,
    condition_label: CONDITIONS.find((c) => c.value === p.condition)?.label ?? p.condition,
    color: p.color,
    sizes: offerRows.map((o) => ({ id: o.id, size: o.size, price: toRubles(o.price), count: o.count })),
    price: toRubles(p.minPrice),
    photos: photos.map(photoOut),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  };
}

/** `GET /v1/product_statuses/`: the caller's count per status (active, draft, reserved, sold). */
export async function statusCounts(db: Db, ownerId: number): Promise<ProductStatus[]> {
  const rows = await db
    .select({ status: products.status, n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.ownerId, ownerId))
    .groupBy(products.status);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return PRODUCT_STATUSES.map((s) => ({ value: s.value, label: s.label, count: by.get(s.value) ?? 0 }));
}

/**
 * `GET /v1/product_owner/`: a DRF page of the caller's listings in `status` (all but deleted when
 * omitted), newest change first: cards with status and offers.
 * @throws ApiError 400 (unknown status), 404 (page past the end)
 */
export async function ownerPage(db: Db, ownerId: number, status: string | undefined, q: PageQuery, url: string) {
  if (status !== undefined && status !== '' && !(OWNER_STATUSES as readonly string[]).includes(status)) {
    throw badRequest({ status: [`Допустимые значения: ${OWNER_STATUSES.join(', ')}.`] });
  }
  const where = and(
    eq(products.ownerId, ownerId),
    status ? eq(products.status, status) : sql`${products.status} <> 'deleted'`,
  );
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ p: products, brand: { id: brands.id, slug: brands.slug, name: brands.name } })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.p.id);
  const offerRows = ids.length
    ? await db
        .select({
          id: offers.id,
          productId: offers.productId,
          size: offers.size,
          price: offers.price,
          count: offers.count,
          position: sizes.position,
        })
        .from(offers)
        .leftJoin(sizes, eq(sizes.id, offers.sizeId))
        .where(inArray(offers.productId, ids))
        .orderBy(asc(sql`coalesce(${sizes.position}, 0)`), asc(offers.id))
    : [];
  const photoRows = ids.length
    ? await db
        .select()
        .from(productPhotos)
        .where(inArray(productPhotos.productId, ids))
        .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    : [];
  const results: OwnerListing[] = rows.map(({ p, brand }) => {
    const own = offerRows.filter((o) => o.productId === p.id);
    const photo = photoRows.find((ph) => ph.productId === p.id);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      brand: brand?.id ? brand : null,
      brand_text: brand?.id ? null : p.brandText,
      sizes: own.filter((o) => o.count > 0).map((o) => o.size),
      price: toRubles(p.minPrice),
      condition: p.condition,
      condition_label: CONDITIONS.find((c) => c.value === p.condition)?.label ?? p.condition,
      photo: photo ? photoOut(photo) : null,
      seller_id: p.ownerId,
      status: p.status,
      status_label: STATUS_LABEL[p.status] ?? p.status,
      block_reason: p.blockReason,
      verified: p.verifiedAt !== null,
      review_decline_reason: p.reviewDeclineReason,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      offers: own.map((o) => ({ id: o.id, size: o.size, price: toRubles(o.price), count: o.count })),
    };
  });
  return makePage(url, q, Number(n), results);
}
