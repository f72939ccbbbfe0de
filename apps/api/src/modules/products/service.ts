/**
 * Selling rules (spec §4, §7): create, edit, draft, publish and delete listings; the owner's lists and
 * status counts. Owns writes to `products`, `offers` and `product_photos`. Every write runs in one
 * transaction and keeps `min_price`, `search_text`, `published_at` and `updated_at` correct.
 * Money: kopecks in the database, rubles in and out.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONDITIONS, PRODUCT_STATUSES } from '@vitrina/contract/catalog';
import {
  checkListing,
  type Listing,
  type ListingInput,
  type OwnerListing,
  type ProductStatus,
} from '@vitrina/contract/products';
import type { Db } from '../../db/client.js';
import { brands, categories, offers, orderItems, productPhotos, products, sizes } from '../../db/schema/index.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { buildSearchText } from '../catalog/search-text.js';
import { imageUrls, MEDIA_WIDTHS, removeImage, type StoredImage } from '../media/service.js';
import { slugify } from './slug.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** Statuses the owner manages (spec §4); `deleted` is never shown. */
export const OWNER_STATUSES = ['active', 'draft', 'reserved', 'sold'] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

const STATUS_LABEL: Record<string, string> = {
  active: 'В продаже',
  draft: 'Черновик',
  reserved: 'Забронирован',
  sold: 'Продан',
  deleted: 'Удалён',
};

/** Raw listing fields from the multipart body (all strings, any subset). */
export type RawFields = Record<string, string>;

const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no', ''];
const isTrue = (v: string | undefined) => v !== undefined && TRUE_WORDS.includes(v.trim().toLowerCase());

/**
 * Checks the yes/no fields of the form (`draft`, `publish`): anything but true/false words is a 400, so a
 * typo never publishes a listing meant to be a draft.
 * @throws ApiError 400 `{draft: ['Ожидается «true» или «false».']}`
 */
function checkFlags(raw: RawFields, names: readonly string[]) {
  const errors: FieldErrors = {};
  for (const name of names) {
    const v = raw[name];
    if (v !== undefined && !TRUE_WORDS.includes(v.trim().toLowerCase()) && !FALSE_WORDS.includes(v.trim().toLowerCase())) {
      errors[name] = ['Ожидается «true» или «false».'];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Parses the `sizes` JSON string into offers; bad JSON → field error. */
function parseSizes(raw: string | undefined, errors: FieldErrors): ListingInput['sizes'] | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    errors.sizes = ['Размеры: неверный JSON. Ожидается [{"size": "M", "price": 1990, "count": 1}].'];
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((e) => !e || typeof e !== 'object')) {
    errors.sizes = ['Размеры: ожидается список [{"size": "M", "price": 1990, "count": 1}].'];
    return undefined;
  }
  return parsed.map((e: Record<string, unknown>) => ({
    size: typeof e.size === 'string' || typeof e.size === 'number' ? String(e.size) : '',
    price: typeof e.price === 'string' && e.price.trim() !== '' ? Number(e.price.replace(/\s/g, '')) : (e.price as number),
    count: e.count === undefined ? 1 : typeof e.count === 'string' ? Number(e.count) : (e.count as number),
  }));
}

const parseId = (v: string | undefined): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v.trim() === '' || v === 'null') return null;
  return /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
};

/**
 * Merges raw fields over the current values (PATCH) or over nothing (POST) and validates the result
 * with the shared {@link listingSchema}.
 * @throws ApiError 400 naming every invalid field
 */
export function validateListing(raw: RawFields, current: ListingInput | null, publish: boolean, photoCount: number): ListingInput {
  const errors: FieldErrors = {};
  const sizesParsed = parseSizes(raw.sizes, errors);
  const brand = parseId(raw.brand);
  const category = parseId(raw.category);
  const candidate = {
    publish,
    title: raw.title ?? current?.title,
    description: raw.description ?? current?.description ?? '',
    brand: brand === undefined ? (current?.brand ?? null) : brand,
    category: category === undefined ? current?.category : (category ?? undefined),
    condition: raw.condition ?? current?.condition,
    color: raw.color === undefined ? (current?.color ?? null) : raw.color.trim() === '' ? null : raw.color,
    sizes: sizesParsed ?? (errors.sizes ? [] : (current?.sizes ?? [])),
    photo_count: photoCount,
  };
  const res = checkListing(candidate);
  if (!res.ok) Object.assign(errors, res.errors, errors.sizes ? { sizes: errors.sizes } : {});
  if (Object.keys(errors).length || !res.ok) throw badRequest(errors);
  return (res as { data: ListingInput }).data;
}

interface Resolved {
  type: string;
  searchText: string;
  sizeIds: Map<string, number | null>;
}

/**
 * Checks the references of a valid listing against the database: brand exists, category exists and is
 * a leaf, every size belongs to the category's grid. Builds the search text.
 * @throws ApiError 400 naming the field
 */
async function resolveRefs(db: Conn, v: ListingInput): Promise<Resolved> {
  const errors: FieldErrors = {};
  let brand: { name: string; nameRu: string; aliases: string[] } | null = null;
  if (v.brand !== null) {
    const [b] = await db.select({ name: brands.name, nameRu: brands.nameRu, aliases: brands.aliases }).from(brands).where(eq(brands.id, v.brand));
    if (!b) errors.brand = ['Такого бренда нет. Выберите бренд из списка.'];
    brand = b ?? null;
  }
  const [cat] = await db.select().from(categories).where(eq(categories.id, v.category));
  let type = '';
  const path: string[] = [];
  const sizeIds = new Map<string, number | null>();
  if (!cat) {
    errors.category = ['Такой категории нет. Выберите категорию из списка.'];
  } else {
    type = cat.type;
    const [child] = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, cat.id)).limit(1);
    if (child) errors.category = ['Выберите самую точную категорию (без подкатегорий).'];
    // Names from the root down; the size grid is the nearest one up the tree (as the catalog reads it).
    let node: typeof cat | undefined = cat;
    let gridId: number | null = null;
    for (let depth = 0; node && depth < 6; depth += 1) {
      path.unshift(node.name);
      gridId ??= node.sizeGridId;
      if (node.parentId === null) break;
      [node] = await db.select().from(categories).where(eq(categories.id, node.parentId));
    }
    if (gridId !== null && v.sizes.length) {
      const grid = await db.select({ id: sizes.id, value: sizes.value }).from(sizes).where(eq(sizes.gridId, gridId));
      const byValue = new Map(grid.map((s) => [s.value.toLowerCase(), s]));
      const unknown: string[] = [];
      for (const s of v.sizes) {
        const hit = byValue.get(s.size.trim().toLowerCase());
        if (!hit) unknown.push(s.size);
        else sizeIds.set(s.size, hit.id);
      }
      if (unknown.length) errors.sizes = [`Размер ${unknown.map((u) => `«${u}»`).join(', ')} не подходит для этой категории.`];
      // Store the grid's own spelling of the value.
      for (const s of v.sizes) {
        const hit = byValue.get(s.size.trim().toLowerCase());
        if (hit) s.size = hit.value;
      }
    } else {
      for (const s of v.sizes) sizeIds.set(s.size, null);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    type,
    sizeIds,
    searchText: buildSearchText({ brand, categoryPath: path, color: v.color, condition: v.condition, description: v.description }),
  };
}

/** Replaces a listing's offers by size; offers already ordered are kept with count 0 instead of deleted. */
async function writeOffers(tx: Tx, productId: number, v: ListingInput, sizeIds: Map<string, number | null>) {
  const existing = await tx.select().from(offers).where(eq(offers.productId, productId));
  const bySize = new Map(existing.map((o) => [o.size.toLowerCase(), o]));
  const keep = new Set<number>();
  for (const s of v.sizes) {
    const old = bySize.get(s.size.toLowerCase());
    if (old) {
      keep.add(old.id);
      await tx.update(offers).set({ size: s.size, price: toKopecks(s.price), count: s.count, sizeId: sizeIds.get(s.size) ?? null }).where(eq(offers.id, old.id));
    } else {
      await tx.insert(offers).values({ productId, size: s.size, sizeId: sizeIds.get(s.size) ?? null, price: toKopecks(s.price), count: s.count });
    }
  }
  const gone = existing.filter((o) => !keep.has(o.id)).map((o) => o.id);
  if (gone.length) {
    const ordered = await tx.selectDistinct({ id: orderItems.offerId }).from(orderItems).where(inArray(orderItems.offerId, gone));
    const orderedIds = new Set(ordered.map((o) => o.id));
    const del = gone.filter((id) => !orderedIds.has(id));
    if (del.length) await tx.delete(offers).where(inArray(offers.id, del));
    if (orderedIds.size) await tx.update(offers).set({ count: 0 }).where(inArray(offers.id, [...orderedIds]));
  }
}

/** Recomputes `min_price` (lowest price of sizes in stock, else of any size, else 0). */
async function refreshMinPrice(tx: Tx, productId: number) {
  await tx.execute(sql`
    update products set min_price = coalesce(
      (select min(price) from offers where product_id = ${productId} and count > 0),
      (select min(price) from offers where product_id = ${productId}), 0)
    where id = ${productId}`);
}

/** Shapes a photo row for answers. */
const photoOut = (p: { id: number; key: string; width: number; height: number }) => ({
  id: p.id,
  ...imageUrls(p.key, MEDIA_WIDTHS, p.width),
  width: p.width,
  height: p.height,
});

/** Loads a listing of `ownerId` (any status but deleted). @throws ApiError 404 */
async function ownedRow(db: Conn, ownerId: number, id: number) {
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
  const [brand] = p.brandId ? await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, p.brandId)) : [];
  const [cat] = p.categoryId
    ? await db.select({ id: categories.id, name: categories.name, type: categories.type }).from(categories).where(eq(categories.id, p.categoryId))
    : [];
  const offerRows = await db
    .select({ id: offers.id, size: offers.size, price: offers.price, count: offers.count, position: sizes.position })
    .from(offers)
    .leftJoin(sizes, eq(sizes.id, offers.sizeId))
    .where(eq(offers.productId, p.id))
    .orderBy(asc(sql`coalesce(${sizes.position}, 0)`), asc(offers.id));
  const photos = await db.select().from(productPhotos).where(eq(productPhotos.productId, p.id)).orderBy(asc(productPhotos.position), asc(productPhotos.id));
  return {
    id: p.id,
    slug: p.slug,
    status: p.status,
    status_label: STATUS_LABEL[p.status] ?? p.status,
    title: p.title,
    description: p.description,
    brand: brand ?? null,
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

/**
 * Creates a listing from the multipart fields and the already stored photos (`POST /v1/products/`).
 * `draft=true` saves a draft (photos may be missing); otherwise it is published at once.
 * @throws ApiError 400 naming every invalid field (the caller removes the stored photos)
 */
export async function createListing(app: FastifyInstance, ownerId: number, raw: RawFields, photos: StoredImage[]): Promise<Listing> {
  checkFlags(raw, ['draft']);
  if (raw.status !== undefined && raw.status !== 'active' && raw.status !== 'draft') throw badRequest({ status: ['Допустимые значения: active, draft.'] });
  const publish = !isTrue(raw.draft) && raw.status !== 'draft';
  const v = validateListing(raw, null, publish, photos.length);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const refs = await resolveRefs(tx, v);
    const tmpSlug = `new-${ownerId}-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await tx
      .insert(products)
      .values({
        slug: tmpSlug,
        ownerId,
        title: v.title,
        description: v.description,
        brandId: v.brand,
        categoryId: v.category,
        type: refs.type,
        condition: v.condition,
        color: v.color,
        status: publish ? 'active' : 'draft',
        searchText: refs.searchText,
        createdAt: now,
        updatedAt: now,
        publishedAt: publish ? now : null,
      })
      .returning({ id: products.id });
    const id = row!.id;
    await tx.update(products).set({ slug: slugify(v.title, id) }).where(eq(products.id, id));
    await writeOffers(tx, id, v, refs.sizeIds);
    if (photos.length) {
      await tx.insert(productPhotos).values(photos.map((p, i) => ({ productId: id, key: p.key, width: p.width, height: p.height, position: i })));
    }
    await refreshMinPrice(tx, id);
    return getListing(tx, ownerId, id);
  });
}

const idList = (raw: string | undefined, field: string): number[] | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest({ [field]: ['Ожидается JSON-список id фотографий, например [12, 15].'] });
  }
  if (!Array.isArray(parsed) || !parsed.every((x) => Number.isInteger(x) && (x as number) > 0)) {
    throw badRequest({ [field]: ['Ожидается JSON-список id фотографий, например [12, 15].'] });
  }
  return parsed as number[];
};

/**
 * Edits a listing (`PATCH /v1/products/{id}/`): any subset of fields; `photos` files are appended,
 * `remove_photos` (JSON ids) removed, `photo_order` (JSON ids) sets the order. `status=active` or
 * `publish=true` publishes a draft (every rule applies: ≥1 photo, sizes, brand); `status=draft` or
 * `draft=true` hides it. Reserved and sold listings cannot be edited.
 * @returns the listing and the media keys of removed photos (delete them after the answer)
 * @throws ApiError 404 (not the caller's), 400 (invalid fields / state)
 */
export async function updateListing(
  app: FastifyInstance,
  ownerId: number,
  id: number,
  raw: RawFields,
  added: StoredImage[],
): Promise<{ listing: Listing; removedKeys: string[] }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const p = await ownedRow(tx, ownerId, id);
    if (p.status === 'reserved' || p.status === 'sold') {
      throw badRequest(`Товар ${p.status === 'sold' ? 'продан' : 'забронирован покупателем'} — изменить его нельзя.`);
    }
    checkFlags(raw, ['draft', 'publish']);
    const removeIds = idList(raw.remove_photos, 'remove_photos') ?? [];
    const order = idList(raw.photo_order, 'photo_order');
    const photoRows = await tx.select().from(productPhotos).where(eq(productPhotos.productId, id)).orderBy(asc(productPhotos.position), asc(productPhotos.id));
    const own = new Set(photoRows.map((r) => r.id));
    const foreign = [...removeIds, ...(order ?? [])].filter((x) => !own.has(x));
    if (foreign.length) throw badRequest({ [removeIds.some((x) => !own.has(x)) ? 'remove_photos' : 'photo_order']: [`У товара нет фотографии с id ${foreign[0]}.`] });
    const kept = photoRows.filter((r) => !removeIds.includes(r.id));
    const photoCount = kept.length + added.length;

    let target = p.status;
    if (raw.status !== undefined) {
      if (raw.status !== 'active' && raw.status !== 'draft') throw badRequest({ status: ['Допустимые значения: active, draft.'] });
      target = raw.status;
    }
    if (isTrue(raw.publish)) target = 'active';
    if (isTrue(raw.draft)) target = 'draft';

    const current: ListingInput = {
      publish: false,
      title: p.title,
      description: p.description,
      brand: p.brandId,
      category: p.categoryId ?? 0,
      condition: p.condition,
      color: p.color,
      sizes: (await tx.select().from(offers).where(eq(offers.productId, id)).orderBy(asc(offers.id)))
        .filter((o) => o.count > 0)
        .map((o) => ({ size: o.size, price: toRubles(o.price), count: o.count })),
      photo_count: 0,
    };
    const v = validateListing(raw, current, target === 'active', photoCount);
    const refs = await resolveRefs(tx, v);
    await tx
      .update(products)
      .set({
        title: v.title,
        description: v.description,
        brandId: v.brand,
        categoryId: v.category,
        type: refs.type,
        condition: v.condition,
        color: v.color,
        status: target,
        searchText: refs.searchText,
        updatedAt: now,
        publishedAt: target === 'active' && p.status !== 'active' ? now : p.publishedAt,
      })
      .where(eq(products.id, id));
    if (raw.sizes !== undefined) await writeOffers(tx, id, v, refs.sizeIds);
    if (removeIds.length) await tx.delete(productPhotos).where(and(eq(productPhotos.productId, id), inArray(productPhotos.id, removeIds)));
    // Final order: photo_order first, the other kept photos in their order, then the new ones.
    const orderedKept = order ? [...order.map((x) => kept.find((k) => k.id === x)!).filter(Boolean), ...kept.filter((k) => !order.includes(k.id))] : kept;
    for (const [i, r] of orderedKept.entries()) {
      if (r.position !== i) await tx.update(productPhotos).set({ position: i }).where(eq(productPhotos.id, r.id));
    }
    if (added.length) {
      await tx.insert(productPhotos).values(added.map((a, i) => ({ productId: id, key: a.key, width: a.width, height: a.height, position: orderedKept.length + i })));
    }
    await refreshMinPrice(tx, id);
    const removedRows = photoRows.filter((r) => removeIds.includes(r.id));
    // Photos that an order still shows are kept on disk.
    const inOrders = removedRows.length
      ? await tx.select({ photo: orderItems.photo }).from(orderItems).where(inArray(orderItems.photo, removedRows.map((r) => r.key)))
      : [];
    const keepKeys = new Set(inOrders.map((o) => o.photo));
    return { listing: await getListing(tx, ownerId, id), removedKeys: removedRows.map((r) => r.key).filter((k) => !keepKeys.has(k)) };
  });
}

/**
 * Soft-deletes a listing (`DELETE /v1/products/{id}/`): status `deleted`; it disappears everywhere.
 * A reserved listing cannot be deleted (a buyer is paying for it).
 * @throws ApiError 404 (not the caller's), 400 (reserved)
 */
export async function deleteListing(app: FastifyInstance, ownerId: number, id: number): Promise<void> {
  const p = await ownedRow(app.db, ownerId, id);
  if (p.status === 'reserved') throw badRequest('Товар забронирован покупателем — удалить его сейчас нельзя.');
  await app.db.update(products).set({ status: 'deleted', updatedAt: app.clock.now() }).where(eq(products.id, id));
}

/**
 * Turns an active listing into a draft (`POST /v1/products/{id}/make_draft/`); a draft stays a draft.
 * @throws ApiError 404 (not the caller's), 400 (reserved or sold)
 */
export async function makeDraft(app: FastifyInstance, ownerId: number, id: number): Promise<Listing> {
  const p = await ownedRow(app.db, ownerId, id);
  if (p.status === 'reserved' || p.status === 'sold') {
    throw badRequest(`Товар ${p.status === 'sold' ? 'продан' : 'забронирован покупателем'} — в черновики его не перенести.`);
  }
  if (p.status !== 'draft') await app.db.update(products).set({ status: 'draft', updatedAt: app.clock.now() }).where(eq(products.id, id));
  return getListing(app.db, ownerId, id);
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
  const where = and(eq(products.ownerId, ownerId), status ? eq(products.status, status) : sql`${products.status} <> 'deleted'`);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
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
        .select({ id: offers.id, productId: offers.productId, size: offers.size, price: offers.price, count: offers.count, position: sizes.position })
        .from(offers)
        .leftJoin(sizes, eq(sizes.id, offers.sizeId))
        .where(inArray(offers.productId, ids))
        .orderBy(asc(sql`coalesce(${sizes.position}, 0)`), asc(offers.id))
    : [];
  const photoRows = ids.length
    ? await db.select().from(productPhotos).where(inArray(productPhotos.productId, ids)).orderBy(asc(productPhotos.position), asc(productPhotos.id))
    : [];
  const results: OwnerListing[] = rows.map(({ p, brand }) => {
    const own = offerRows.filter((o) => o.productId === p.id);
    const photo = photoRows.find((ph) => ph.productId === p.id);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      brand: brand?.id ? brand : null,
      sizes: own.filter((o) => o.count > 0).map((o) => o.size),
      price: toRubles(p.minPrice),
      condition: p.condition,
      condition_label: CONDITIONS.find((c) => c.value === p.condition)?.label ?? p.condition,
      photo: photo ? photoOut(photo) : null,
      seller_id: p.ownerId,
      status: p.status,
      status_label: STATUS_LABEL[p.status] ?? p.status,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      offers: own.map((o) => ({ id: o.id, size: o.size, price: toRubles(o.price), count: o.count })),
    };
  });
  return makePage(url, q, Number(n), results);
}

/** Removes media of failed or finished requests (never throws). */
export async function removeKeys(mediaDir: string, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => removeImage(mediaDir, k)));
}

