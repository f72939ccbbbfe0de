/**
 * Per-user limits on listing creation, edits and photo uploads, counted in PostgreSQL (`rate_limits`):
 * a Russian 429 with `Retry-After`, a refused or failed write uses nothing up, the hour's window ends with the
 * clock. Both databases; two processes sharing one limit: `user-limits.race.test.ts`.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { categories } from '../../src/db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, signIn, type TestContext } from '../helpers.js';

type Auth = { authorization: string };

describe.runIf(dbAvailable())('per-user write limits', () => {
  let t: TestContext;
  let img: Buffer;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp({ LISTING_CREATES_PER_HOUR: '3', LISTING_EDITS_PER_HOUR: '2', PHOTOS_PER_HOUR: '4' });
    img = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 120, b: 180 } } })
      .jpeg()
      .toBuffer();
    // Any leaf category of the seeded catalogue.
    const [leaf] = await t.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`not exists (select 1 from categories c where c.parent_id = ${categories.id})`)
      .limit(1);
    category = String(leaf!.id);
  });
  afterAll(() => t?.close());

  const photos = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      field: 'photos',
      filename: `p${i}.jpg`,
      contentType: 'image/jpeg',
      data: img,
    }));
  const send = (auth: Auth, method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files = 0) => {
    const body = multipart(fields, photos(files));
    return t.app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
  };
  const draft = (auth: Auth, files = 0, title = 'Черновик платья') =>
    send(auth, 'POST', '/v1/products/', { title, category, condition: 'excellent', draft: 'true' }, files);
  const expect429 = (res: Awaited<ReturnType<typeof draft>>, what: RegExp) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().detail).toMatch(what);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
  };

  it('limits new listings per user per hour; a refused or invalid one uses nothing up', async () => {
    const { auth } = await signIn(t.app);
    const other = (await signIn(t.app)).auth;
    // An invalid listing (no title) is refused by validation and not counted.
    expect((await send(auth, 'POST', '/v1/products/', { draft: 'true' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await draft(auth)).statusCode).toBe(201);
    const over = await draft(auth);
    expect429(over, /^Слишком много новых объявлений: не больше 3 в час\. Попробуйте через \d+ мин\.$/);
    // Another user is not affected.
    expect((await draft(other)).statusCode).toBe(201);
    // After the hour the user may create again.
    t.clock.advance(Number(over.headers['retry-after']) * 1000);
    expect((await draft(auth)).statusCode).toBe(201);
  });

  it('limits edits per user per hour', async () => {
    const { auth } = await signIn(t.app);
    const id = (await draft(auth)).json().id as number;
    for (let i = 0; i < 2; i++)
      expect((await send(auth, 'PATCH', `/v1/products/${id}/`, { title: `Черновик ${i}` })).statusCode).toBe(200);
    const over = await send(auth, 'PATCH', `/v1/products/${id}/`, { title: 'Ещё раз' });
    expect429(over, /^Слишком много изменений объявлений: не больше 2 в час/);
    // The refused edit changed nothing.
    expect((await t.app.inject({ url: `/v1/products/${id}/`, headers: auth })).json().title).toBe('Черновик 1');
  });

  it('limits photos per user per hour, counting every photo and the avatar', async () => {
    const { auth } = await signIn(t.app);
    expect((await draft(auth, 3)).statusCode).toBe(201);
    const avatar = multipart({}, [{ field: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', data: img }]);
    const putAvatar = () =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/self/change/',
        headers: { ...auth, ...avatar.headers },
        payload: avatar.payload,
      });
    expect((await putAvatar()).statusCode).toBe(200);
    // The hour's 4 photos are used up: the next photo is refused before it is read, listing or avatar alike.
    expect429(await draft(auth, 1), /^Слишком много загруженных фотографий: не больше 4 в час/);
    expect429(await putAvatar(), /^Слишком много загруженных фотографий/);
    // A listing without photos is still fine.
    expect((await draft(auth, 0)).statusCode).toBe(201);
  });
  it('counts photos only with a write that commits: refused uploads use none of the hour’s photos', async () => {
    const { auth } = await signIn(t.app);
    const notImage = { field: 'photos', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('не фото') };
    const form = (fields: Record<string, string>, files: ReturnType<typeof photos>) => multipart(fields, files);
    const post = (fields: Record<string, string>, files: ReturnType<typeof photos>) => {
      const body = form(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/v1/products/',
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
    };
    const listing = { title: 'Пальто', category, condition: 'excellent', draft: 'true' };
    // 11 photos: refused (past the hour's 4 before the fifth is read, or past the 10 of a listing).
    expect([400, 429]).toContain((await post(listing, photos(11))).statusCode);
    // Three photos and then a file that is not an image.
    expect((await post(listing, [...photos(3), notImage])).statusCode).toBe(400);
    // Three photos and no title.
    expect((await post({ ...listing, title: '' }, photos(3))).statusCode).toBe(400);
    // An edit with photos and a bad status, and an avatar that is not an image.
    const id = (await draft(auth)).json().id as number;
    const edit = form({ status: 'sold' }, photos(2));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${id}/`,
      headers: { ...auth, ...edit.headers },
      payload: edit.payload,
    });
    expect(patched.statusCode).toBe(400);
    const avatar = form({}, [{ ...notImage, field: 'avatar' }]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: { ...auth, ...avatar.headers },
      payload: avatar.payload,
    });
    expect(put.statusCode).toBe(400);
    // None of them counted: the hour's 4 photos are all still there, and the fifth is refused.
    expect((await post(listing, photos(4))).statusCode).toBe(201);
    expect429(await post(listing, photos(1)), /^Слишком много загруженных фотографий: не больше 4 в час/);
  });
});
