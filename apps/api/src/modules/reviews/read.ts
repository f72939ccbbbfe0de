/**
 * Reading reviews: one review or a person's page of them in one query each (the author's card and the order's first
 * item joined, no query per row), and a person's rating, count and star distribution from the index
 * `(target_id, rating)` (db/schema/reviews.ts).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Review, RatingDistribution } from '@vitrina/contract/reviews';
import { preparedRows, queryRows, type Db, type Tx } from '../../db/client.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { imageUrls } from '../media/index.js';
import { avatarImage, hasPublicPageSql } from '../social/index.js';

/** A review row with its author and first item, as {@link reviewsWhere} selects it. */
interface ReviewRow {
  id: number;
  order_id: number;
  author_id: number;
  target_id: number;
  author_role: string;
  rating: number;
  text: string;
  order_refunded: boolean;
  created_at: unknown;
  edited_at: unknown;
  answer_text: string | null;
  answered_at: unknown;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  deleted: boolean;
  has_page: boolean;
  item_title: string | null;
  item_slug: string | null;
  item_photo: string | null;
}

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));

/** The API shape of a row. */
function toReview(r: ReviewRow): Review {
  const role = r.author_role === 'seller' ? 'seller' : 'buyer';
  const fallback = role === 'seller' ? 'Продавец' : 'Покупатель';
  return {
    id: r.id,
    order_id: r.order_id,
    rating: r.rating,
    text: r.text,
    author_role: role,
    author: {
      id: r.deleted ? null : r.author_id,
      name: r.deleted ? 'Пользователь удалил аккаунт' : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || fallback,
      avatar: r.deleted ? null : avatarImage(r.avatar),
      has_page: !r.deleted && r.has_page,
    },
    target_id: r.target_id,
    order_refunded: r.order_refunded,
    item: r.item_slug
      ? {
          title: r.item_title ?? '',
          slug: r.item_slug,
          photo: r.item_photo ? imageUrls(r.item_photo).url_small : null,
        }
      : null,
    created_at: iso(r.created_at),
    edited_at: isoOrNull(r.edited_at),
    answer: r.answer_text != null ? { text: r.answer_text, created_at: iso(r.answered_at) } : null,
  };
}

/** The select of reviews with their author and the order's first item; `tail` is the where/order/limit. */
const reviewsSelect = (tail: SQL) => sql`select r.id, r.order_id, r.author_id, r.target_id, r.author_role, r.rating,
    r.text, r.order_refunded, r.created_at, r.edited_at, r.answer_text, r.answered_at,
    u.first_name, u.last_name, u.avatar, (u.deleted_at is not null) as deleted,
    ${hasPublicPageSql()} as has_page,
    i.title as item_title, i.slug as item_slug, i.photo as item_photo
  from reviews r
  join users u on u.id = r.author_id
  left join lateral (select oi.title, oi.slug, oi.photo from order_items oi where oi.order_id = r.order_id
    order by oi.id limit 1) i on true
  ${tail}`;

/**
 * Reviews matching a condition on `r` (the reviews row), newest first.
 * @returns the reviews in the API shape
 */
export async function reviewsWhere(db: Db | Tx, where: SQL): Promise<Review[]> {
  const rows = await queryRows<ReviewRow>(
    db as Db,
    reviewsSelect(sql`where ${where} order by r.created_at desc, r.id desc`),
  );
  return rows.map(toReview);
}

/**
 * One review by id.
 * @returns the review, or null when there is none
 */
export async function reviewById(db: Db | Tx, id: number): Promise<Review | null> {
  return (await reviewsWhere(db, sql`r.id = ${id}`))[0] ?? null;
}

/**
 * `GET /v1/public/sellers/{id}/reviews/`: reviews of a person, newest first, DRF pages.
 * @param url the request URL (for `next`/`previous`)
 * @throws ApiError 404 for a page past the end
 */
export async function reviewPage(db: Db, targetId: number, q: PageQuery, url: string): Promise<Page<Review>> {
  const { limit, offset } = pageWindow(q);
  const [rows, [count]] = await Promise.all([
    preparedRows<ReviewRow>(
      db,
      reviewsSelect(
        sql`where r.target_id = ${sql.param(targetId)}::int order by r.created_at desc, r.id desc
          limit ${sql.param(limit)}::int offset ${sql.param(offset)}::int`,
      ),
    ),
    preparedRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reviews r where r.target_id = ${sql.param(targetId)}::int`,
    ),
  ]);
  return makePage(url, q, Number(count?.n ?? 0), rows.map(toReview));
}

/**
 * SQL columns `rating` (the average, one decimal, null without reviews) and `reviews_count` of the person whose id
 * is `id`: for a seller card's select (`… , ${ratingColumnsSql(sql`u.id`)} from users u …`), one index range each.
 */
export const ratingColumnsSql = (id: SQLWrapper) =>
  sql`(select round(avg(r.rating)::numeric, 1)::float8 from reviews r where r.target_id = ${id}) as rating,
    (select count(*)::int from reviews r where r.target_id = ${id}) as reviews_count`;

/** A person's rating figures. */
export interface RatingSummary {
  /** Average stars, one decimal; null without reviews. */
  rating: number | null;
  reviews_count: number;
  rating_distribution: RatingDistribution;
}

/**
 * A person's rating: the average (one decimal), the count and how many reviews gave each number of stars — one
 * index-only range of `(target_id, rating)`.
 */
export async function ratingSummary(db: Db, targetId: number): Promise<RatingSummary> {
  const rows = await preparedRows<{ rating: number; n: number }>(
    db,
    sql`select r.rating, count(*)::int as n from reviews r where r.target_id = ${sql.param(targetId)}::int
      group by r.rating`,
  );
  const dist: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    const stars = Number(r.rating) as 1 | 2 | 3 | 4 | 5;
    dist[stars] = Number(r.n);
    count += Number(r.n);
    sum += stars * Number(r.n);
  }
  // Half up (4.25 → 4.3), as `round(numeric, 1)` in ratingColumnsSql: a half of sum·10/count is exact in binary.
  return {
    rating: count ? Math.round((sum * 10) / count) / 10 : null,
    reviews_count: count,
    rating_distribution: dist,
  };
}
