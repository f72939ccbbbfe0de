/**
 * Listing cards (issue «The shop runs», spec §7): the short form of a listing in pages, search and
 * «similar listings» — brand, first photo, in-stock sizes and the lowest price (rubles; kopecks in the
 * database). A page's cards come from one query ({@link cardRows}), never one query per card.
 */
import { sql } from 'drizzle-orm';
import { CONDITIONS, type ProductCard } from '@vitrina/contract/catalog';
import type { Image } from '@vitrina/contract/common';
import { preparedRows, type Db } from '../../db/client.js';
import { toRubles } from '../../lib/money.js';
import { imageUrls } from '../media/index.js';

/** An ISO 8601 string of a timestamp column. */
export const iso = (v: unknown): string => new Date(v as string).toISOString();

/** A stored product photo → its public URLs and size. */
export function photoImage(p: { key: string; width: number; height: number }): Image {
  return { ...imageUrls(p.key, undefined, p.width), width: p.width, height: p.height };
}

/** The Russian label of a condition value (the value itself when unknown). */
export const conditionLabel = (v: string) => CONDITIONS.find((c) => c.value === v)?.label ?? v;

/** Columns of a card row (products `p` left-joined with brands `b`). */
export const CARD_COLUMNS = sql`p.id, p.slug, p.title, p.condition, p.min_price, p.owner_id, p.status, p.created_at,
  p.brand_text, b.id as brand_id, b.slug as brand_slug, b.name as brand_name`;

/** A card's columns ({@link CARD_COLUMNS}); `min_price` in kopecks. */
export interface CardRow {
  id: number;
  slug: string;
  title: string;
  condition: string;
  min_price: number;
  owner_id: number;
  status: string;
  created_at: unknown;
  brand_id: number | null;
  brand_slug: string | null;
  brand_name: string | null;
  /** A brand not in the list, as the seller typed it. */
  brand_text: string | null;
}

/**
 * The cards of given listing ids, in the order given: brand, first photo and in-stock sizes (grid order).
 * The text never changes, so it runs as a prepared statement (db/client.ts `preparedRows`): a page's ids
 * come from a small query of their own (filters, sorting, ranking), and this one — the costly one to plan —
 * is planned once per connection. A size's grid position is looked up by primary key for each offer: a
 * join would let the planner hash the whole size table once per card.
 */
const cardsByIds = (
  ids: number[],
) => sql`select p.id, p.slug, p.title, p.condition, p.min_price, p.owner_id, p.status, p.created_at,
  p.brand_text, b.id as brand_id, b.slug as brand_slug, b.name as brand_name, p.verified_at is not null as verified,
  ph.key as photo_key, ph.width as photo_width, ph.height as photo_height,
  coalesce((select json_agg(json_build_object('size', o.size, 'price', o.price)
                            order by coalesce((select s.position from sizes s where s.id = o.size_id), 2147483647), o.id)
            from offers o where o.product_id = p.id and o.count > 0), '[]'::json) as offers
  from unnest(${sql.param(ids)}::int[]) with ordinality as page(id, n)
  join products p on p.id = page.id
  left join brands b on b.id = p.brand_id
  left join lateral (select key, width, height from product_photos pp where pp.product_id = p.id
                     order by position, id limit 1) ph on true
  order by page.n`;

/**
 * Card rows of the listings with these ids, in the same order (ids not found are left out), for
 * {@link cardOf}. One query for the whole page, never one per card.
 * @param ids listing ids (at most a page: 60)
 */
export async function cardRows(db: Db, ids: number[]): Promise<FullCardRow[]> {
  if (!ids.length) return [];
  return preparedRows<FullCardRow>(db, cardsByIds(ids));
}

/** The cards of these listing ids, in the same order (see {@link cardRows}). */
export async function cardsOf(db: Db, ids: number[]): Promise<ProductCard[]> {
  return (await cardRows(db, ids)).map(cardOf);
}

/** A card row with its first photo and in-stock offers ({@link cardRows}). */
export interface FullCardRow extends CardRow {
  /** Staff approved the luxury listing's proof of authenticity («Проверено»). */
  verified: boolean;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  /** In-stock offers, price in kopecks. */
  offers: { size: string; price: number }[];
}

/** A listing card from its full row; the price is the lowest in-stock offer (rubles). */
export function cardOf(r: FullCardRow): ProductCard {
  const own = r.offers;
  const price = own.length ? Math.min(...own.map((o) => o.price)) : r.min_price;
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    brand: r.brand_id != null ? { id: r.brand_id, slug: r.brand_slug!, name: r.brand_name! } : null,
    brand_text: r.brand_id != null ? null : (r.brand_text ?? null),
    sizes: own.map((o) => o.size),
    price: toRubles(price),
    condition: r.condition,
    condition_label: conditionLabel(r.condition),
    photo:
      r.photo_key != null
        ? photoImage({ key: r.photo_key, width: r.photo_width ?? 0, height: r.photo_height ?? 0 })
        : null,
    seller_id: r.owner_id,
    status: r.status,
    verified: r.verified === true,
    created_at: iso(r.created_at),
  };
}
