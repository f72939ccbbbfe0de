/**
 * A listing by slug (architecture §3: `GET /v1/public/products/{slug}/`, the screen `product-slug` of spec
 * §2) with offers, photos, the seller's card (sellers.ts) and similar listings. Money is kopecks in the
 * database and rubles in every answer; `draft`/`deleted` listings open only for their owner.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLORS, type ProductCard, type ProductDetail, type SellerCard } from '@vitrina/contract/catalog';
import { preparedRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { CARD_COLUMNS, cardsOf, conditionLabel, iso, photoImage, type CardRow } from './cards.js';
import { categoriesHaving, gridOf, type CategoryRow } from './categories.js';
import { sellerCards } from './sellers.js';
import { countView, pendingViews } from './views.js';

/** Most similar listings on a product page. */
export const SIMILAR_LIMIT = 10;

const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
const colorLabel = (v: string | null) => (v ? (COLORS.find((c) => c.value === v)?.label ?? v) : null);

/** A listing's row with its brand and ordered photos (prices in kopecks). */
/** Statuses whose page only the owner sees (a luxury listing is public once staff approved its proof). */
const OWNER_ONLY = ['draft', 'deleted', 'blocked', 'pending_review'];

type ListingRow = CardRow & {
  description: string;
  category_id: number | null;
  type: string;
  color: string | null;
  view_count: number;
  published_at: unknown;
  brand_name_ru: string | null;
  verified: boolean;
  photos: { key: string; width: number; height: number }[];
};

/** An offer of a listing with the label of its size (price in kopecks). */
type OfferRow = { id: number; size: string; label: string | null; price: number; count: number };

/** The listing with this slug, in any status (one prepared statement, photos included). */
async function listingBySlug(db: Db, slug: string): Promise<ListingRow | undefined> {
  const rows = await preparedRows<ListingRow>(
    db,
    sql`select ${CARD_COLUMNS}, p.description, p.category_id, p.type, p.color, p.view_count, p.published_at,
          b.name_ru as brand_name_ru, p.verified_at is not null as verified,
          coalesce((select json_agg(json_build_object('key', ph.key, 'width', ph.width, 'height', ph.height)
                                    order by ph.position, ph.id)
                    from product_photos ph where ph.product_id = p.id), '[]'::json) as photos
        from products p left join brands b on b.id = p.brand_id where p.slug = ${slug}`,
  );
  return rows[0];
}

/**
 * A listing's offers, in stock or not, in grid order, each with the label of its size: by `size_id`, or
 * for an offer without one, by its value in the listing's grid.
 * @param grid the size grid of the listing's category (categories.ts `gridOf`), or null
 */
function offersOf(db: Db, productId: number, grid: number | null): Promise<OfferRow[]> {
  return preparedRows<OfferRow>(
    db,
    sql`select o.id, o.size, o.price, o.count, s.label
          from offers o left join lateral (
            select label, position from sizes s
            where s.id = o.size_id or (o.size_id is null and s.grid_id = ${grid} and lower(s.value) = lower(o.size))
            order by (s.id = o.size_id) desc limit 1
          ) s on true
          where o.product_id = ${productId} order by coalesce(s.position, 2147483647), o.id`,
  );
}

/** The categories from the root down to `id` (at most 20 levels). */
function categoryPath(byId: Map<number, CategoryRow>, id: number | null): { id: number; name: string }[] {
  const path: { id: number; name: string }[] = [];
  for (let c = id != null ? byId.get(id) : undefined, d = 0; c && d < 20; d++) {
    path.unshift({ id: c.id, name: c.name });
    c = c.parent_id != null ? byId.get(c.parent_id) : undefined;
  }
  return path;
}

/**
 * `GET /v1/public/products/{slug}/`: a listing with offers (size labels from its grid), ordered photos,
 * the seller's card and up to {@link SIMILAR_LIMIT} similar active listings (same category and brand
 * first, then same category, then same brand); prices in rubles. Counts the view of everyone but the
 * owner (written in batches: see views.ts).
 * @param viewerId the signed-in user's id (the owner also sees drafts), or null
 * @param onViewError told when writing a batch of views fails
 * @throws ApiError 404 for unknown slugs and for drafts/deleted listings of others
 */
export async function getProduct(
  db: Db,
  slug: string,
  viewerId: number | null,
  onViewError: (err: unknown) => void = () => {},
): Promise<ProductDetail> {
  const p = await listingBySlug(db, slug);
  if (!p) throw notFound('Товар не найден.');
  const isOwner = viewerId != null && viewerId === p.owner_id;
  if (OWNER_ONLY.includes(p.status) && !isOwner) throw notFound('Товар не найден.');

  const cats = await categoriesHaving(db, (all) => p.category_id == null || all.some((c) => c.id === p.category_id));
  const byId = new Map(cats.map((c) => [c.id, c]));
  const grid = p.category_id != null ? gridOf(byId, p.category_id) : null;

  const [offers, sellers, similar] = await Promise.all([
    offersOf(db, p.id, grid),
    sellerCards(db, [p.owner_id]),
    similarListings(db, p),
  ]);
  // Views are written in batches (views.ts); the answer counts this one and those not yet written.
  const views = p.view_count + pendingViews(db, p.id) + (isOwner ? 0 : 1);
  if (!isOwner) countView(db, p.id, onViewError);

  const seller = sellers.get(p.owner_id);
  if (!seller) throw notFound('Товар не найден.');
  return detailOf(p, { offers, seller, similar, views, byId });
}

/** The answer of {@link getProduct} from the parts it read (kopecks → rubles). */
function detailOf(
  p: ListingRow,
  parts: {
    offers: OfferRow[];
    seller: SellerCard;
    similar: ProductCard[];
    views: number;
    byId: Map<number, CategoryRow>;
  },
): ProductDetail {
  const { offers, seller, similar, views, byId } = parts;
  const cat = p.category_id != null ? byId.get(p.category_id) : undefined;
  const photos = p.photos;
  const inStock = offers.filter((o) => o.count > 0);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    sizes: inStock.map((o) => o.size),
    price: toRubles(inStock.length ? Math.min(...inStock.map((o) => o.price)) : p.min_price),
    condition: p.condition,
    condition_label: conditionLabel(p.condition),
    photo: photos[0] ? photoImage(photos[0]) : null,
    seller_id: p.owner_id,
    status: p.status,
    created_at: iso(p.created_at),
    description: p.description,
    brand:
      p.brand_id != null
        ? { id: p.brand_id, slug: p.brand_slug!, name: p.brand_name!, name_ru: p.brand_name_ru ?? '' }
        : null,
    brand_text: p.brand_id != null ? null : p.brand_text,
    category: cat ? { id: cat.id, name: cat.name, type: cat.type, path: categoryPath(byId, p.category_id) } : null,
    type: p.type,
    color: p.color,
    color_label: colorLabel(p.color),
    view_count: views,
    published_at: isoOrNull(p.published_at),
    verified: p.verified,
    offers: offers.map((o) => ({
      id: o.id,
      size: o.size,
      size_label: o.label ?? o.size,
      price: toRubles(o.price),
      count: o.count,
    })),
    photos: photos.map(photoImage),
    seller,
    similar,
  };
}

/**
 * Up to {@link SIMILAR_LIMIT} active listings like `p`: same category and brand first, then same category,
 * then same brand, newest first within each; one query (candidate ids from the covering indexes, whole
 * cards only for the chosen ones).
 */
async function similarListings(
  db: Db,
  p: { id: number; category_id: number | null; brand_id: number | null },
): Promise<ProductCard[]> {
  const parts: SQL[] = [];
  // The limit is written into the text, not bound: with a bound limit PostgreSQL's generic plan of this prepared
  // statement looked dearer than a custom one, so it planned it anew on every run (0.56 ms of its CPU a product
  // page, against 0.09 ms running it); with the literal it keeps the generic plan after five runs.
  const limit = sql.raw(String(SIMILAR_LIMIT));
  const tier = (n: number, cond: SQL) =>
    sql`(select p.id, ${n}::int as tier, p.published_at from products p
         where p.status = 'active' and p.id <> ${p.id} and ${cond}
         order by p.published_at desc limit ${limit})`;
  if (p.category_id != null && p.brand_id != null)
    parts.push(tier(1, sql`p.category_id = ${p.category_id} and p.brand_id = ${p.brand_id}`));
  if (p.category_id != null) parts.push(tier(2, sql`p.category_id = ${p.category_id}`));
  if (p.brand_id != null) parts.push(tier(3, sql`p.brand_id = ${p.brand_id}`));
  if (!parts.length) return [];
  const rows = await preparedRows<{ id: number }>(
    db,
    sql`select s.id from (
          select distinct on (c.id) c.id, c.tier, c.published_at from (${sql.join(parts, sql` union all `)}) c
          order by c.id, c.tier
        ) s order by s.tier, s.published_at desc, s.id desc limit ${limit}`,
  );
  return cardsOf(
    db,
    rows.map((r) => r.id),
  );
}
