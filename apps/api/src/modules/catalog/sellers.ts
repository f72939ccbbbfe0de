/**
 * Sellers' public cards (architecture §3: `GET /v1/public/sellers/{id}/`, the screen `seller-user` of spec
 * §2; a product page shows its seller's card too): name, avatar, city, about, when they joined, their
 * active listings and subscribers, their rating and count of reviews (the reviews module); the seller's own answer
 * adds the service level (stats) and the star distribution.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SellerCard, SellerPage } from '@vitrina/contract/catalog';
import { preparedRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { avatarImage, hasPublicPageSql } from '../social/index.js';
import { ratingColumnsSql, ratingSummary } from '../reviews/index.js';
import { serviceLevel } from '../stats/index.js';
import { iso } from './cards.js';
import { countListings } from './counts.js';

/**
 * Sellers' cards by id: one prepared query, and the count of active listings per seller (a large one is
 * reused for up to 30 s: counts.ts).
 * @returns the cards by user id; ids of no user are absent
 */
export async function sellerCards(db: Db, ids: number[]): Promise<Map<number, SellerCard>> {
  const rows = await preparedRows<{
    id: number;
    first_name: string;
    last_name: string;
    avatar: string | null;
    city: string;
    about: string;
    date_joined: unknown;
    subscribers_count: number;
    rating: number | null;
    reviews_count: number;
  }>(
    db,
    // Lookups by key: prepared statements (db/client.ts), planned once per connection.
    sql`select u.id, u.first_name, u.last_name, u.avatar, u.city, u.about, u.date_joined,
          (select count(*)::int from subscriptions s where s.seller_id = u.id) as subscribers_count,
          ${ratingColumnsSql(sql`u.id`)}
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
        rating: u.rating == null ? null : Number(u.rating),
        reviews_count: Number(u.reviews_count),
      },
    ]),
  );
}

/**
 * `GET /v1/public/sellers/{id}/`: a seller's public card (`date_joined` ISO 8601) with the service level (stats) and
 * the star distribution of the reviews about them.
 * @throws ApiError 404 for an unknown seller, a deleted account and a user who never published a listing
 */
export async function getSellerPage(app: FastifyInstance, id: number): Promise<SellerPage> {
  const card = await getSeller(app.db, id);
  const [summary, level] = await Promise.all([ratingSummary(app.db, id), serviceLevel(app, id)]);
  return { ...card, service_level: level.level, rating_distribution: summary.rating_distribution };
}

/**
 * A seller's public card.
 * @throws ApiError 404 for an unknown seller, a deleted account and a user who never published a listing
 */
export async function getSeller(db: Db, id: number): Promise<SellerCard> {
  const [shown] = await preparedRows<{ shown: boolean }>(
    db,
    sql`select ${hasPublicPageSql()} as shown from users u where u.id = ${sql.param(id)}::int`,
  );
  if (!shown?.shown) throw notFound('Продавец не найден.');
  const card = (await sellerCards(db, [id])).get(id);
  if (!card) throw notFound('Продавец не найден.');
  return card;
}
