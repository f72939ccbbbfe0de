/**
 * Fixtures of the claims and disputes tests: a delivered order of a fresh listing, the claim and reply forms
 * (multipart, with a real JPEG), the development clock, the ledger check.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipart } from '../helpers.js';
import { makeListing, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { orders } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';

/** A 400×300 JPEG (the media pipeline wants 200 px on the short side). */
export const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 60 } } })
    .jpeg()
    .toBuffer();

/** A multipart form of `fields` and `photos` JPEGs in the field `photos`. */
export async function claimForm(fields: Record<string, string>, photos = 0) {
  const files = [];
  for (let i = 0; i < photos; i++)
    files.push({ field: 'photos', filename: `p${i}.jpg`, contentType: 'image/jpeg', data: await photo() });
  return multipart(fields, files);
}

/** The test's parties and app. */
export interface Sides {
  app: FastifyInstance;
  seller: TestUser;
  buyer: TestUser;
  point: number;
}

/** Moves the server clock by `ms` through `POST /v1/dev/clock/` (which runs every job that came due). */
export async function advance(app: FastifyInstance, ms: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/dev/clock/',
    payload: { advance_seconds: Math.round(ms / 1000) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The order's row. */
export const orderRow = async (app: FastifyInstance, id: number) =>
  (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A paid order of a new listing at `price` rubles, shipped and (unless `deliver` is false) delivered now. */
export async function deliveredOrder(s: Sides, price = 3000, deliver = true) {
  const l = await makeListing(s.app, s.seller.id, [{ size: 'M', price, count: 1 }]);
  const placed = await placePaidOrder(s.app, s.buyer, l.slug, s.point);
  await s.app.jobs.runDue();
  const ship = await s.app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${placed.order.id}/ship/`,
    headers: s.seller.auth,
    payload: { tracking_number: '1234567890' },
  });
  expect(ship.statusCode, ship.body).toBe(200);
  if (deliver) {
    const rep = await s.app.inject({ method: 'POST', url: `/v1/dev/carrier/deliver/${placed.order.id}/` });
    expect(rep.statusCode, rep.body).toBe(200);
  }
  await s.app.jobs.runDue();
  return { id: placed.order.id, gatewayId: placed.gatewayId, paymentId: placed.payment.id, total: placed.row.amount };
}

/** `POST /v1/sales/orders/{id}/claim/` as `who`. */
export async function postClaim(
  app: FastifyInstance,
  who: TestUser,
  id: number,
  fields: Record<string, string> = { reason: 'not_as_described', text: 'Пятно на рукаве, в описании не было' },
  photos = 0,
) {
  const form = await claimForm(fields, photos);
  return app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${id}/claim/`,
    headers: { ...who.auth, ...form.headers },
    payload: form.payload,
  });
}

/** `POST /v1/sales/orders/{id}/claim/reply/` as `who`. */
export async function postReply(app: FastifyInstance, who: TestUser, id: number, fields: Record<string, string>) {
  const form = await claimForm(fields);
  return app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${id}/claim/reply/`,
    headers: { ...who.auth, ...form.headers },
    payload: form.payload,
  });
}

/** The ledger agrees with the orders and payments. */
export async function expectLedgerOk(app: FastifyInstance) {
  expect((await checkLedger(app.db)).mismatches).toEqual([]);
}
