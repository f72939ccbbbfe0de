/**
 * What those who keep a listing hear: `listing.price_dropped` `{listingId, oldPrice, newPrice}`
 * (kopecks; products emits it when an edit lowers the lowest price) → `favorite_price_drop`;
 * `listing.sold_out` `{listingId, buyerId}` (orders emits it when a payment sells the last piece) → `favorite_sold`
 * to every keeper but the buyer who just bought it.
 * Each event is one job that notifies every keeper in one statement (`notifyEach`), whatever their number;
 * users who turned the type off are skipped, and the seller never hears of their own listing.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { productPhotos, products } from '../../db/schema/index.js';
import { imageUrls } from '../media/index.js';
import { formatRub as rub, notifyEach } from '../notifications/index.js';

async function listing(tx: Tx, id: number) {
  const [p] = await tx
    .select({ id: products.id, slug: products.slug, title: products.title, ownerId: products.ownerId })
    .from(products)
    .where(eq(products.id, id));
  if (!p) return null;
  const [photo] = await tx
    .select({ key: productPhotos.key })
    .from(productPhotos)
    .where(eq(productPhotos.productId, id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1);
  return { ...p, image: photo ? imageUrls(photo.key).url_small : null };
}

/** Everyone who keeps listing `id` in favorites, except its seller (and `buyerId`, who bought it). */
const keepers = (id: number, ownerId: number, buyerId?: number | null) =>
  sql`select user_id from favorites where product_id = ${id} and user_id <> ${ownerId}
      and user_id <> ${buyerId ?? 0}`;

/** Subscribes the favorites' notifications to the listing events. */
export function subscribeFavoriteEvents(app: FastifyInstance): void {
  app.events.subscribe('listing.price_dropped', 'favorites.price-drop', async ({ tx, event }) => {
    const { listingId, oldPrice, newPrice } = event.payload;
    const p = await listing(tx, listingId);
    if (!p) return;
    await notifyEach(app, tx, keepers(p.id, p.ownerId), {
      type: 'favorite_price_drop',
      title: `Цена снижена: ${p.title}`,
      text: `Вещь из вашего избранного подешевела: было ${rub(oldPrice)}, стало ${rub(newPrice)}.`,
      link: `/product/${p.slug}`,
      image: p.image,
    });
  });

  app.events.subscribe('listing.sold_out', 'favorites.sold', async ({ tx, event }) => {
    const p = await listing(tx, event.payload.listingId);
    if (!p) return;
    await notifyEach(app, tx, keepers(p.id, p.ownerId, event.payload.buyerId), {
      type: 'favorite_sold',
      title: `Вещь из избранного продана: ${p.title}`,
      text: 'Её уже купили. Загляните к продавцу — возможно, у него есть похожие вещи.',
      link: `/seller/${p.ownerId}`,
      image: p.image,
    });
  });
}
