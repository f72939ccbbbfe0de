/**
 * Demo catalog seed (issue «The shop runs»): a deterministic generator of a believable Russian
 * fashion catalog — catalog types, size grids (RU/EU/US), the category tree, ≥45 real brands with
 * Cyrillic names and aliases, ≥30 sellers from real cities, listings with offers and generated photos
 * (through the media pipeline), and ≥8 compilations. Same `seed` → same catalog (titles, prices,
 * sizes); dates are relative to the moment of seeding.
 *
 * Pieces: reference.ts (types, grids, tree), brands.ts, people.ts, texts.ts, silhouettes.ts +
 * images.ts (photo pool), listings.ts (the plan), compilations.ts; reference-rows.ts writes the reference
 * tables, this file the rest, all in bulk.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { MediaStorage } from '../providers/storage/index.js';
import { queryRows } from '../db/client.js';
import { compilationProducts, compilations, offers, productPhotos, products, users } from '../db/schema/index.js';
import { AUTHENTICITY_CHECKED } from './brands.js';
import { COMPILATIONS, fillCompilations } from './compilations.js';
import { DEMO_SELLER_PHONE } from './people.js';
import { seedHistory, type HistoryListing } from './history.js';
import { ImagePool } from './images.js';
import { planListings } from './listings.js';
import { makeSellers } from './people.js';
import { seedPickupPoints } from './pickup-points.js';
import { Random } from './random.js';
import { insertReference } from './reference-rows.js';

/** True when no brand exists yet (a fresh database). */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from brands`);
  return (rows[0]?.n ?? 0) === 0;
}

export interface SeedOptions {
  /** Number of listings to generate. */
  products: number;
  /** Where product photos are written (media pipeline): local files or the S3 bucket. */
  storage: MediaStorage;
  /** Deterministic seed for the generator (default 1). */
  seed?: number;
  /** Anchor of the dates (default: now). */
  now?: Date;
  /** Progress messages (the CLI prints them). */
  log?: (msg: string) => void;
  /**
   * Whether to write 90 days of sales history (orders, views, favorites, statistics roll-ups; `history.ts`).
   * Default: for catalogs up to {@link HISTORY_MAX_PRODUCTS} listings (the demo and the tests, not the benchmarks).
   */
  history?: boolean;
}

/** The largest catalog that gets its sales history by default. */
export const HISTORY_MAX_PRODUCTS = 5000;

/** What {@link seedDemo} created. */
export interface SeedResult {
  products: number;
  /** Orders of the sales history. */
  orders: number;
  images: number;
  ms: number;
}

/** Default number of demo sellers. */
export const SELLER_COUNT = 36;
const CHUNK = 500;

async function inChunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

/**
 * The whole demo catalog planned in memory, without I/O: sellers, listings (with pool ids of their
 * photos) and the listing indexes of each compilation. Same `count` and `seed` → same plan.
 */
export function planCatalog(count: number, seed: number, now: Date) {
  const rnd = new Random(seed);
  const sellers = makeSellers(rnd, SELLER_COUNT);
  const budget = Math.max(30, Math.min(110, Math.round(count * 0.16)));
  const pool = new ImagePool(budget, Math.round(budget * 0.4));
  const listings = planListings(rnd, count, sellers, pool, now);
  const compiled = fillCompilations(rnd, listings);
  return { sellers, pool, listings, compiled };
}

/**
 * Seeds reference data and the demo catalog into an empty database (one transaction), then the
 * pickup points. Photos are generated once per pooled image and shared between listings.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  const count = Math.max(0, Math.floor(opts.products));

  // 1. Plan everything in memory (deterministic).
  const { sellers, pool, listings, compiled } = planCatalog(count, opts.seed ?? 1, now);
  // The seller with the most listings signs in with DEMO_SELLER_PHONE and has the busiest dashboard.
  const perSeller = new Map<number, number>();
  for (const l of listings) perSeller.set(l.sellerIndex, (perSeller.get(l.sellerIndex) ?? 0) + 1);
  const busiest = [...perSeller].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
  // Only the seller a person plays (DEMO_SELLER_PHONE) has paid orders waiting to ship: nobody would ship the other
  // demo sellers' ones, and the ship-by deadline would cancel them and drag down their «Отправляет вовремя».
  for (const l of listings)
    if (l.status === 'reserved' && l.sellerIndex !== busiest) {
      l.status = 'sold';
      for (const o of l.offers) o.count = 0;
    }
  let orderCount = 0;
  log(`план готов: ${listings.length} товаров, ${pool.size} изображений`);

  // 2. Photos through the media pipeline.
  const images = await pool.render(opts.storage, 2);
  log(`изображения готовы (${images.size}) за ${((Date.now() - started) / 1000).toFixed(1)} с`);

  // 3. Rows, in bulk, in one transaction.
  await db.transaction(async (tx) => {
    const { gridId, sizeId, leafId, brandId } = await insertReference(tx);

    const userRows = await tx
      .insert(users)
      .values(
        sellers.map((s, i) => ({
          phone: i === busiest ? DEMO_SELLER_PHONE : null,
          firstName: s.firstName,
          lastName: s.lastName,
          city: s.city,
          about: s.about,
          dateJoined: new Date(now.getTime() - s.joinedDaysAgo * 86_400_000),
        })),
      )
      .returning({ id: users.id });
    const userIds = userRows.map((u) => u.id);

    const productId = new Map<string, number>();
    await inChunks(listings, CHUNK, async (chunk) => {
      const rows = await tx
        .insert(products)
        .values(
          chunk.map((l) => ({
            slug: l.slug,
            ownerId: userIds[l.sellerIndex]!,
            title: l.title,
            description: l.description,
            brandId: brandId.get(l.brand.slug)!,
            categoryId: leafId.get(`${l.type}|${l.leaf.slug}`)!,
            type: l.type,
            condition: l.condition,
            color: l.color,
            status: l.status,
            viewCount: l.viewCount,
            minPrice: l.minPrice,
            searchText: l.searchText,
            createdAt: l.createdAt,
            updatedAt: l.updatedAt,
            publishedAt: l.publishedAt,
            // A luxury house's listing on show has passed the authenticity check (the demo keeps them public).
            verifiedAt: AUTHENTICITY_CHECKED.has(l.brand.slug) ? l.publishedAt : null,
          })),
        )
        .returning({ id: products.id, slug: products.slug });
      for (const r of rows) productId.set(r.slug, r.id);
    });

    const offerRows = listings.flatMap((l) =>
      l.offers.map((o) => ({
        productId: productId.get(l.slug)!,
        size: o.size,
        sizeId: sizeId.get(`${gridId.get(o.gridSlug)}|${o.size}`) ?? null,
        price: o.price,
        count: o.count,
      })),
    );
    const firstOffer = new Map<number, { id: number; size: string; price: number }>();
    await inChunks(offerRows, CHUNK * 2, async (chunk) => {
      const made = await tx
        .insert(offers)
        .values(chunk)
        .returning({ id: offers.id, productId: offers.productId, size: offers.size, price: offers.price });
      for (const o of made) if (!firstOffer.has(o.productId)) firstOffer.set(o.productId, o);
    });

    const photoRows = listings.flatMap((l) =>
      l.photos.map((p, position) => {
        const img = images.get(p)!;
        return { productId: productId.get(l.slug)!, key: img.key, width: img.width, height: img.height, position };
      }),
    );
    await inChunks(photoRows, CHUNK * 2, async (chunk) => {
      await tx.insert(productPhotos).values(chunk);
    });

    const compRows = await tx
      .insert(compilations)
      .values(
        COMPILATIONS.map((c, i) => {
          const first = compiled[i]![0];
          return {
            slug: c.slug,
            title: c.title,
            description: c.description,
            cover: first === undefined ? null : images.get(listings[first]!.photos[0]!)!.key,
            position: i,
            createdAt: now,
          };
        }),
      )
      .returning({ id: compilations.id, slug: compilations.slug });
    const cpRows = compRows.flatMap((c, i) =>
      compiled[i]!.map((li, position) => ({
        compilationId: c.id,
        productId: productId.get(listings[li]!.slug)!,
        position,
      })),
    );
    await inChunks(cpRows, CHUNK * 2, async (chunk) => {
      await tx.insert(compilationProducts).values(chunk);
    });

    if (opts.history ?? count <= HISTORY_MAX_PRODUCTS) {
      const planned: HistoryListing[] = listings.map((l) => {
        const id = productId.get(l.slug)!;
        return {
          id,
          sellerId: userIds[l.sellerIndex]!,
          status: l.status,
          publishedAt: l.publishedAt,
          viewCount: l.viewCount,
          slug: l.slug,
          title: l.title,
          photo: images.get(l.photos[0]!)?.key ?? null,
          offer: firstOffer.get(id)!,
        };
      });
      orderCount = await seedHistory(tx, {
        listings: planned,
        buyers: userIds,
        busySellerId: userIds[busiest]!,
        now,
        seed: opts.seed ?? 1,
      });
      log(`история продаж за 90 дней: ${orderCount} заказов`);
    }
  });

  await seedPickupPoints(db);
  // Planner statistics for every table now, not when autovacuum gets to them (small reference tables such
  // as sizes and brands may never reach its threshold).
  await db.execute(sql`analyze`);
  const ms = Date.now() - started;
  log(`демо-каталог готов: ${listings.length} товаров, ${images.size} изображений, ${(ms / 1000).toFixed(1)} с`);
  return { products: listings.length, orders: orderCount, images: images.size, ms };
}
