/**
 * Delivery points (spec §3, §4, §7 `/v1/delivery_points/*`) and the pickup-point directory (ours:
 * `/v1/public/pickup-points/`). A saved point belongs to one user; anyone else gets a 404.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DELIVERY_SERVICE_TYPES,
  deliveryServiceLabel,
  type DeliveryPoint,
  type PickupCity,
  type PickupPoint,
} from '@vitrina/contract/orders';
import { deliveryPoints, pickupPoints } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { lockUser } from '../users/index.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';

type DeliveryRow = typeof deliveryPoints.$inferSelect;
const SERVICE_VALUES: readonly string[] = DELIVERY_SERVICE_TYPES.map((s) => s.value);

/** API shape of a saved delivery point. */
export const serializeDeliveryPoint = (p: DeliveryRow): DeliveryPoint => ({
  id: p.id,
  name: p.name,
  address: p.address,
  point_id: p.pointId,
  delivery_service_type: p.deliveryServiceType,
});

/**
 * Validates the four multipart fields (all required, trimmed, bounded; `delivery_service_type` one of the five services).
 * @throws ApiError 400 `{field: [Russian message]}` naming every bad field
 */
export function parseDeliveryPointFields(f: Record<string, string>) {
  const errors: FieldErrors = {};
  const text = (name: string, max: number) => {
    const v = (f[name] ?? '').trim();
    if (!v) errors[name] = ['Обязательное поле.'];
    else if (v.length > max) errors[name] = [`Не больше ${max} символов.`];
    return v;
  };
  const name = text('name', 200);
  const address = text('address', 500);
  const pointId = text('point_id', 100);
  const type = (f.delivery_service_type ?? '').trim();
  if (!type) errors.delivery_service_type = ['Обязательное поле.'];
  else if (!SERVICE_VALUES.includes(type)) {
    errors.delivery_service_type = [
      `Значения «${type.slice(0, 40)}» нет среди допустимых вариантов: ${SERVICE_VALUES.join(', ')}.`,
    ];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { name, address, pointId, deliveryServiceType: type };
}

/** The user's saved points, oldest first. */
export async function listDeliveryPoints(db: Db, userId: number): Promise<DeliveryPoint[]> {
  const rows = await db
    .select()
    .from(deliveryPoints)
    .where(eq(deliveryPoints.userId, userId))
    .orderBy(asc(deliveryPoints.id));
  return rows.map(serializeDeliveryPoint);
}

/**
 * One of the user's points.
 * @throws ApiError 404 when it does not exist or belongs to someone else
 */
export async function getOwnDeliveryPoint(db: Db, userId: number, id: number): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(deliveryPoints)
    .where(and(eq(deliveryPoints.id, id), eq(deliveryPoints.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Пункт выдачи не найден.');
  return row;
}

/** Most delivery points one user may keep. */
export const DELIVERY_POINTS_MAX = 50;

/**
 * Creates a point (POST /v1/delivery_points/ → 201).
 * @throws ApiError 400 naming the fields for bad input, or `{detail}` past {@link DELIVERY_POINTS_MAX}
 */
export async function createDeliveryPoint(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<DeliveryPoint> {
  const v = parseDeliveryPointFields(fields);
  return db.transaction(async (tx) => {
    // The count and the insert of simultaneous requests must not interleave, or the limit is passed.
    await lockUser(tx, userId);
    const count = await tx.$count(deliveryPoints, eq(deliveryPoints.userId, userId));
    if (count >= DELIVERY_POINTS_MAX)
      throw badRequest(`Можно сохранить не больше ${DELIVERY_POINTS_MAX} пунктов выдачи.`);
    const [row] = await tx
      .insert(deliveryPoints)
      .values({ userId, ...v })
      .returning();
    return serializeDeliveryPoint(row!);
  });
}

/** Replaces a point's fields (PUT /v1/delivery_points/{id}/ → 200); 404 unless it is the caller's. */
export async function updateDeliveryPoint(
  db: Db,
  userId: number,
  id: number,
  fields: Record<string, string>,
): Promise<DeliveryPoint> {
  await getOwnDeliveryPoint(db, userId, id);
  const v = parseDeliveryPointFields(fields);
  const [row] = await db
    .update(deliveryPoints)
    .set(v)
    .where(and(eq(deliveryPoints.id, id), eq(deliveryPoints.userId, userId)))
    .returning();
  if (!row) throw notFound('Пункт выдачи не найден.');
  return serializeDeliveryPoint(row);
}

/** Deletes a point (DELETE → 204); 404 unless it is the caller's. Orders keep their own snapshot. */
export async function deleteDeliveryPoint(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(deliveryPoints)
    .where(and(eq(deliveryPoints.id, id), eq(deliveryPoints.userId, userId)))
    .returning({ id: deliveryPoints.id });
  if (!rows.length) throw notFound('Пункт выдачи не найден.');
}

const serializePickup = (p: typeof pickupPoints.$inferSelect): PickupPoint => ({
  id: p.id,
  service: p.service,
  service_label: deliveryServiceLabel(p.service),
  point_id: p.pointId,
  city: p.city,
  name: p.name,
  address: p.address,
  lat: p.lat,
  lng: p.lng,
  hours: p.hours,
});

/**
 * Searches the directory: `service` exact, `city` case-insensitive exact, `q` a substring of the address, name
 * or point id (trigram index on address), best matches first.
 */
export async function searchPickupPoints(
  app: FastifyInstance,
  url: string,
  q: PageQuery,
  filter: { service?: string; city?: string; q?: string },
): Promise<Page<PickupPoint>> {
  const conds: SQL[] = [];
  if (filter.service) conds.push(eq(pickupPoints.service, filter.service));
  if (filter.city) conds.push(sql`lower(${pickupPoints.city}) = lower(${filter.city})`);
  const text = filter.q?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(ilike(pickupPoints.address, like), ilike(pickupPoints.name, like), ilike(pickupPoints.pointId, like))!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const count = await app.db.$count(pickupPoints, where);
  const { limit, offset } = pageWindow(q);
  const rows = await app.db
    .select()
    .from(pickupPoints)
    .where(where)
    .orderBy(
      ...(text ? [desc(sql`similarity(${pickupPoints.address}, ${text})`)] : []),
      asc(pickupPoints.city),
      asc(pickupPoints.service),
      asc(pickupPoints.id),
    )
    .limit(limit)
    .offset(offset);
  return makePage(url, q, count, rows.map(serializePickup));
}

/** Cities of the directory with their number of points, biggest first. */
export async function pickupCities(db: Db): Promise<PickupCity[]> {
  return queryRows<PickupCity>(
    db,
    sql`select city, count(*)::int as count from pickup_points group by city order by count(*) desc, city`,
  );
}
