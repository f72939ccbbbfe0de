/**
 * Fixtures of the private photos' tests (decision 0150): a chat between a buyer and a seller with a photo message,
 * a luxury listing waiting for its check, and what a signed link is made of.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChatMessage, MessagePage } from '@vitrina/contract/chats';
import { brands, products } from '../../src/db/schema/index.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { makeFixture } from '../catalog-fixtures.js';
import { openChat, photo, sendForm } from '../chats/fixtures.js';
import { multipart } from '../helpers.js';

/** `/media/private/m/ab/…/640.webp?exp=…&sig=…` → `{key, width, exp, sig}`. */
export function linkParts(url: string) {
  const m = /^\/media\/private\/([a-z]\/[0-9a-f]{2}\/[0-9a-f]{24})\/(\d+)\.webp\?exp=(\d+)&sig=([\w-]+)$/.exec(url);
  expect(m, url).not.toBeNull();
  return { key: m![1]!, width: Number(m![2]), exp: Number(m![3]), sig: m![4]! };
}

/** A buyer's chat with a seller about a listing, and the buyer's message with two photos. */
export async function chatWithPhotos(app: FastifyInstance) {
  const seller = await makeUser(app, 'Вера');
  const buyer = await makeUser(app, 'Анна');
  const stranger = await makeUser(app, 'Глеб');
  const listing = await makeListing(app, seller.id);
  const chat = await openChat(app, buyer, listing.id);
  const img = await photo();
  const res = await sendForm(app, buyer, chat.id, 'Вот пятно', [img, img]);
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, stranger, chat, message: res.json() as ChatMessage };
}

/** The messages of a chat as `who` reads them (status and page). */
export async function threadOf(app: FastifyInstance, who: TestUser, chat: number) {
  const res = await app.inject({ url: `/v1/chats/${chat}/messages/`, headers: who.auth });
  return { status: res.statusCode, page: res.statusCode === 200 ? (res.json() as MessagePage) : null };
}

/** A luxury listing of `seller` waiting for its check, with `n` proof photos added through the API. */
export async function listingWithProofs(app: FastifyInstance, seller: TestUser, n: number) {
  const fx = await makeFixture(app.db);
  await app.db.update(brands).set({ isLuxury: true }).where(eq(brands.id, fx.brands.moncler.id));
  const listing = await makeListing(app, seller.id);
  await app.db
    .update(products)
    .set({ brandId: fx.brands.moncler.id, status: 'pending_review', publishedAt: null })
    .where(eq(products.id, listing.id));
  const files = [];
  for (let i = 0; i < n; i += 1)
    files.push({ field: 'photos', filename: `proof${i}.jpg`, contentType: 'image/jpeg', data: await photo() });
  const body = multipart({}, files);
  const res = await app.inject({
    method: 'POST',
    url: `/v1/products/${listing.id}/authenticity/`,
    headers: { ...seller.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return listing;
}

/** The proof photos staff see for a listing in the check queue. */
export async function proofsForStaff(app: FastifyInstance, staff: TestUser, id: number) {
  const res = await app.inject({ url: `/v1/admin/products/?q=%23${id}`, headers: staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json() as { results: { id: number; authenticity_photos: { url: string; url_small: string }[] }[] })
    .results[0]!;
  return item.authenticity_photos;
}
