/**
 * A listing by slug (issue «The shop runs», spec §7): `GET /v1/public/products/{slug}/` with offers, photos,
 * the seller's card and similar listings, and `GET /v1/public/sellers/{id}/`. Money is kopecks in the
 * database and rubles in every answer; `draft`/`deleted` listings open only for their owner.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLORS, type ProductCard, type ProductDetail, type SellerCard } from '@vitrina/contract/catalog';
import { preparedRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { avatarImage } from '../social/index.js';
import { CARD_COLUMNS, cardsOf, conditionLabel, iso, photoImage, type CardRow } from './cards.js';
import { countListings } from './counts.js';
import { categoriesHaving, gridOf } from './service.js';
import { countView, pendingViews } from './views.js';

/** Most similar listings on a product page. */
export const SIMILAR_LIMIT = 10;

const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
const colorLabel = (v: string | null) => (v ? (COLORS.find((c) => c.value === v)?.label ?? v) : null);

/** Sellers' cards by id: one query, and the count of active listings per seller (see counts.ts). */
async function sellerCards(db: Db, ids: number[]): Promise<Map<number, SellerCard>> {
  const rows = await preparedRows<{
    id: number;
    first_name: string;
    last_name: string;
    avatar: string | null;
    city: string;
    about: string;
    date_joined: unknown;
    subscribers_count: number;
  }>(
    db,
    // Lookups by key: prepared statements (db/client.ts), planned once per connection.
    sql`select u.id, u.first_name, u.last_name, u.avatar, u.city, u.about, u.date_joined,
          (select count(*)::int from subscriptions s where s.seller_id = u.id) as subscribers_count
        from users u where u.id = any(${sql.param(ids)}::int[])`,
  );
  // A big seller's count of active listings is reused for a while like any large count (counts.ts).
  const counts = await Promise.all(
    rows.map((u) => countListings(db, [sql`p.status = 'active'`, sql`p.owner_id = ${u.id}`])),
  );
  return new Map(
    rows.map((u, i) => [
      u.id,
      {
        id: u.id,
        name: `${u.first_name} ${u.last_name}`.trim() || 'Продавец',
        avatar: avatarImage(u.avatar),
        city: u.city,
        about: u.about,
        date_joined: iso(u.date_joined),
        products_count: counts[i]!,
        subscribers_count: u.subscribers_count,
      },
    ]),
  );
}

/**
 * `GET /v1/public/sellers/{id}/`.
 * @throws ApiError 404 for an unknown seller
 */
export async function getSeller(db: Db, id: number): Promise<SellerCard> {
  const card = (await sellerCards(db, [id])).get(id);
  if (!card) throw notFound('Продавец не найден.');
  return card;
}

/**
 * `GET /v1/public/products/{slug}/`: a listing with offers (size labels from its grid), ordered photos,
 * the seller's card and up to {@link SIMILAR_LIMIT} similar active listings (same category and brand
 * first, then same category, then same brand). Counts the view of everyone but the owner (written in
 * batches: see views.ts).
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
  const rows = await preparedRows<
    CardRow & {
      description: string;
      category_id: number | null;
      type: string;
      color: string | null;
      view_count: number;
      published_at: unknown;
      brand_name_ru: string | null;
      photos: { key: string; width: number; height: number }[];
    }
  >(
    db,
    sql`select ${CARD_COLUMNS}, p.description, p.category_id, p.type, p.color, p.view_count, p.published_at,
          b.name_ru as brand_name_ru,
          coalesce((select json_agg(json_build_object('key', ph.key, 'width', ph.width, 'height', ph.height)
                                    order by ph.position, ph.id)
                    from product_photos ph where ph.product_id = p.id), '[]'::json) as photos
        from products p left join brands b on b.id = p.brand_id where p.slug = ${slug}`,
  );
  const p = rows[0];
  if (!p) throw notFound('Товар не найден.');
  const isOwner = viewerId != null && viewerId === p.owner_id;
  if ((p.status === 'draft' || p.status === 'deleted') && !isOwner) throw notFound('Товар не найден.');

  const cats = await categoriesHaving(db, (all) => p.category_id == null || all.some((c) => c.id === p.category_id));
  const byId = new Map(cats.map((c) => [c.id, c]));
  const grid = p.category_id != null ? gridOf(byId, p.category_id) : null;

  const photos = p.photos;
  const [offers, sellers, similar] = await Promise.all([
    preparedRows<{ id: number; size: string; label: string | null; price: number; count: number }>(
      db,
      sql`select o.id, o.size, o.price, o.count, s.label
          from offers o left join lateral (
            select label, position from sizes s
            where s.id = o.size_id or (o.size_id is null and s.grid_id = ${grid} and lower(s.value) = lower(o.size))
            order by (s.id = o.size_id) desc limit 1
          ) s on true
          where o.product_id = ${p.id} order by coalesce(s.position, 2147483647), o.id`,
    ),
    sellerCards(db, [p.owner_id]),
    similarListings(db, p),
  ]);
  // Views are written in batches (views.ts); the answer counts this one and those not yet written.
  const views = p.view_count + pendingViews(db, p.id) + (isOwner ? 0 : 1);
  if (!isOwner) countView(db, p.id, onViewError);

  const path: { id: number; name: string }[] = [];
  for (let c = p.category_id != null ? byId.get(p.category_id) : undefined, d = 0; c && d < 20; d++) {
    path.unshift({ id: c.id, name: c.name });
    c = c.parent_id != null ? byId.get(c.parent_id) : undefined;
  }
  const cat = p.category_id != null ? byId.get(p.category_id) : undefined;
  const seller = sellers.get(p.owner_id);
  if (!seller) throw notFound('Товар не найден.');
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
    category: cat ? { id: cat.id, name: cat.name, type: cat.type, path } : null,
    type: p.type,
    color: p.color,
    color_label: colorLabel(p.color),
    view_count: views,
    published_at: isoOrNull(p.published_at),
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
  const tier = (n: number, cond: SQL) =>
    sql`(select p.id, ${n}::int as tier, p.published_at from products p
         where p.status = 'active' and p.id <> ${p.id} and ${cond}
         order by p.published_at desc limit ${SIMILAR_LIMIT})`;
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
        ) s order by s.tier, s.published_at desc, s.id desc limit ${SIMILAR_LIMIT}`,
  );
  return cardsOf(
    db,
    rows.map((r) => r.id),
  );
}
