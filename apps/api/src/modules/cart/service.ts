/**
 * The signed-in buyer's cart on the server (contract `@vitrina/contract/cart`): read, replaced by the device's
 * cart after a change, merged with a guest cart at sign-in, and cleared of what an order paid for
 * (`order.paid`, whichever way it was paid). Lines name listings by slug in the API and by id here; a slug that
 * names no listing is dropped (the availability check of spec §4 would drop it anyway). Prices: rubles in the
 * API, kopecks in the table.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { CartLine, ServerCartItem } from '@vitrina/contract/cart';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { cartItems, products } from '../../db/schema/index.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { imageUrls } from '../media/index.js';

/** The identity of a line (spec §5: slug plus size, size case-insensitive). */
const lineKey = (i: { slug: string; size: string }) => `${i.slug}\u0000${i.size.trim().toLowerCase()}`;

/**
 * The caller's cart in the order the lines were added (prices in rubles), each line with what the cart screen
 * shows of its listing — title, brand, first photo, seller — and the pieces on offer in its size (`stock`), so
 * another device shows the same cart. `price` is what an order placed at `now` charges: the size's price, or the
 * caller's lower price agreed in the messenger while it holds (an expired one no longer shows); the price stored
 * with the line only when the size is gone.
 */
export async function readCart(db: Db | Tx, userId: number, now: Date): Promise<CartLine[]> {
  const rows = await queryRows<{
    slug: string;
    size: string;
    count: number;
    price: number;
    title: string;
    brand: string | null;
    photo: string | null;
    seller_id: number;
    seller_name: string;
    stock: number | null;
  }>(
    db,
    sql`select p.slug, c.size, c.count, p.title, b.name as brand, p.owner_id as seller_id,
               coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'Продавец') as seller_name,
               (select ph.key from product_photos ph where ph.product_id = p.id
                 order by ph.position, ph.id limit 1) as photo,
               o.count as stock,
               coalesce(least(o.price, (select min(po.price) from price_offers po
                 where po.buyer_id = c.user_id and po.size_offer_id = o.id and po.status = 'accepted'
                   and po.valid_until > ${now.toISOString()})), c.price)::int as price
          from cart_items c join products p on p.id = c.product_id join users u on u.id = p.owner_id
          left join brands b on b.id = p.brand_id
          left join lateral (select o.id, o.count, o.price from offers o
                              where o.product_id = p.id and lower(o.size) = lower(c.size) limit 1) o on true
         where c.user_id = ${userId} order by c.position`,
  );
  return rows.map(({ photo, brand, stock, price, ...r }) => ({
    ...r,
    price: toRubles(price),
    ...(brand ? { brand } : {}),
    ...(photo ? { photo: imageUrls(photo).url_small } : {}),
    ...(stock && stock > 0 ? { stock } : {}),
  }));
}

/** Lines with the same identity joined into one (the larger count, the later line's price). */
function joined(lines: ServerCartItem[]): ServerCartItem[] {
  const out = new Map<string, ServerCartItem>();
  for (const l of lines) {
    const seen = out.get(lineKey(l));
    out.set(lineKey(l), seen ? { ...l, size: seen.size, count: Math.max(seen.count, l.count) } : l);
  }
  return [...out.values()];
}

/**
 * Replaces the caller's cart with `lines` (the device's whole cart after a change), in one transaction.
 * @returns the cart as stored, priced at `now` ({@link readCart})
 */
export async function replaceCart(db: Db, userId: number, lines: ServerCartItem[], now: Date): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await insertLines(tx, userId, joined(lines));
    return readCart(tx, userId, now);
  });
}

/**
 * Joins a device's guest cart with the caller's cart (at sign-in): every line of both; a line in both keeps the
 * larger count. One transaction.
 * @returns the joined cart, priced at `now` ({@link readCart})
 */
export async function mergeCart(db: Db, userId: number, lines: ServerCartItem[], now: Date): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const stored: ServerCartItem[] = await readCart(tx, userId, now);
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await insertLines(tx, userId, joined([...stored, ...lines]));
    return readCart(tx, userId, now);
  });
}

/** Inserts lines of listings that exist (order of `lines` kept as the order of adding). */
async function insertLines(tx: Tx, userId: number, lines: ServerCartItem[]): Promise<void> {
  if (!lines.length) return;
  const ids = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...new Set(lines.map((l) => l.slug))]));
  const bySlug = new Map(ids.map((r) => [r.slug, r.id]));
  const rows = lines.flatMap((l, i) => {
    const productId = bySlug.get(l.slug);
    return productId === undefined
      ? []
      : [{ userId, productId, size: l.size, count: l.count, price: toKopecks(l.price), position: i }];
  });
  if (rows.length) await tx.insert(cartItems).values(rows);
}

/** Removes from the buyer's cart every line order `orderId` paid for (listing and size, size case-insensitive). */
export async function removePaidLines(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    delete from cart_items c using orders o, order_items i
     where o.id = ${orderId} and i.order_id = o.id and c.user_id = o.buyer_id
       and c.product_id = i.product_id and lower(c.size) = lower(i.size)`);
}
