/**
 * Pickup-point directory and the user's saved delivery points.
 * Spec §3, §4, §7 (`/v1/delivery_points/*`); ours: `/v1/public/pickup-points/`. Owned by the `delivery` module.
 */
import { pgTable, text, integer, serial, timestamp, index, doublePrecision, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** `delivery_service_type` values accepted by the API. */
export const DELIVERY_SERVICE_TYPES = ['cdek', 'boxberry', 'russian_post', 'yandex', '5post'] as const;

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    pointId: text('point_id').notNull(),
    city: text('city').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    hours: text('hours').notNull().default(''),
  },
  (t) => [
    uniqueIndex('pickup_points_service_point_uq').on(t.service, t.pointId),
    index('pickup_points_city_idx').on(t.city, t.service),
    index('pickup_points_address_trgm').using('gin', t.address.op('gin_trgm_ops')),
  ],
);

export const deliveryPoints = pgTable(
  'delivery_points',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    pointId: text('point_id').notNull(),
    deliveryServiceType: text('delivery_service_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_points_user_idx').on(t.userId)],
);
