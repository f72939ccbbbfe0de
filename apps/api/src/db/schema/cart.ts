/**
 * The signed-in buyer's cart kept on the server (owned by the `cart` module): the same lines as the browser's
 * cart (spec §3: slug, size, count, price — here the listing's id and the price in kopecks), so the cart
 * follows the account across devices. One line per listing and size (size compared case-insensitively, spec §5).
 */
import { sql } from 'drizzle-orm';
import { pgTable, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { products } from './products.js';

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size as the buyer chose it (its case kept). */
    size: text('size').notNull(),
    count: integer('count').notNull(),
    /** The price when put in the cart, kopecks. */
    price: integer('price').notNull(),
    /** The line's place in the cart (the order the buyer added them in). */
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, sql`lower(${t.size})`)],
);
