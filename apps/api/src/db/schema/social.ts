/**
 * Subscriptions to sellers and favorites. Spec §4, §7 (`/v1/social/*`, `/v1/favorites/*`).
 * Owned by the `social` and `favorites` modules.
 */
import { pgTable, integer, timestamp, index, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { products } from './products.js';

export const subscriptions = pgTable(
  'subscriptions',
  {
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.sellerId] }),
    index('subscriptions_seller_idx').on(t.sellerId, t.createdAt),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The listing's price when the user added it, kopecks (its lowest price then): the favorites page strikes it
     * through beside a lower price now. Null for favorites kept before it was recorded.
     */
    priceAtAdd: integer('price_at_add'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favorites_product_idx').on(t.productId)],
);
