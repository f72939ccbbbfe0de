/**
 * The own profile (spec §3, §7): `GET /v1/self/` and `PUT /v1/self/change/` (multipart) — fields,
 * Russian validation, the avatar pipeline, bad and oversized files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPoints } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, multipart, signIn, type TestContext } from '../helpers.js';

const jpeg = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif' } } })
    .toBuffer();

describe.runIf(dbAvailable())('users: self and self/change', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const change = (
    auth: { authorization: string },
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
  ) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const mediaFile = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, ''));

  it('returns the user with delivery points', async () => {
    const { auth, phone } = await signIn(t.app);
    const self = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.success).toBe(true);
    expect(self.info).toMatchObject({
      phone,
      first_name: '',
      last_name: '',
      city: '',
      about: '',
      avatar: null,
      delivery_points: [],
    });
    expect(typeof self.info.id).toBe('number');
    expect(new Date(self.info.date_joined).toISOString()).toBe(self.info.date_joined);

    await t.app.db.insert(deliveryPoints).values({
      userId: self.info.id,
      name: 'Дом',
      address: 'Москва, ул. Тверская, 1',
      pointId: 'MSK123',
      deliveryServiceType: 'cdek',
    });
    const again = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(again.info.delivery_points).toEqual([
      {
        id: expect.any(Number),
        name: 'Дом',
        address: 'Москва, ул. Тверская, 1',
        point_id: 'MSK123',
        delivery_service_type: 'cdek',
      },
    ]);
  });

  it('updates text fields from a multipart form and trims them', async () => {
    const { auth } = await signIn(t.app);
    const res = await change(auth, {
      first_name: '  Анна ',
      last_name: 'Иванова',
      city: 'Казань',
      about: 'Продаю то,\nчто больше не ношу.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      first_name: 'Анна',
      last_name: 'Иванова',
      city: 'Казань',
      about: 'Продаю то,\nчто больше не ношу.',
      avatar: null,
    });
    expect(typeof body.id).toBe('number');
    const self = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.info.first_name).toBe('Анна');
    // Fields that are not sent stay as they were.
    const partial = await change(auth, { city: 'Москва' });
    expect(partial.json()).toMatchObject({ first_name: 'Анна', city: 'Москва' });
    // JSON works too.
    const json = await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: auth,
      payload: { last_name: 'Петрова' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().last_name).toBe('Петрова');
  });

  it('rejects too long fields with Russian messages naming the field', async () => {
    const { auth } = await signIn(t.app);
    const res = await change(auth, { first_name: 'А'.repeat(51), about: 'б'.repeat(1001), city: 'Москва' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.first_name[0]).toMatch(/^Имя: не более 50 символов/);
    expect(body.about[0]).toMatch(/^О себе: не более 1000 символов/);
    expect(body.city).toBeUndefined();
    // Nothing was saved.
    const self = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.info.city).toBe('');
    const nl = await change(auth, { first_name: 'Ан\nна' });
    expect(nl.statusCode).toBe(400);
    expect(nl.json().first_name[0]).toMatch(/Имя/);
  });

  it('stores an avatar as WebP variants without metadata and removes the old one on change', async () => {
    const { auth } = await signIn(t.app);
    const res = await change(auth, { first_name: 'Ира' }, [
      { field: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar;
    expect(avatar.url).toMatch(/^\/media\/a\/[0-9a-f]{2}\/[0-9a-f]{24}\/256\.webp$/);
    expect(avatar.url_small).toMatch(/\/96\.webp$/);
    expect(avatar.url_large).toMatch(/\/512\.webp$/);
    const served = await t.app.inject(avatar.url_large);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/webp/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();

    const second = await change(auth, {}, [
      {
        field: 'avatar',
        filename: 'new.png',
        contentType: 'image/png',
        data: await sharp(await jpeg(400, 400))
          .png()
          .toBuffer(),
      },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar.url).not.toBe(avatar.url);
    expect(existsSync(mediaFile(avatar.url))).toBe(false);
    expect(existsSync(mediaFile(second.json().avatar.url))).toBe(true);

    // An empty `avatar` text field removes the photo.
    const removed = await change(auth, { avatar: '' });
    expect(removed.json().avatar).toBeNull();
    expect(existsSync(mediaFile(second.json().avatar.url))).toBe(false);
  });

  it('refuses a file that only pretends to be an image, whatever its name and type', async () => {
    const { auth } = await signIn(t.app);
    const res = await change(auth, { first_name: 'Олег' }, [
      {
        field: 'avatar',
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        data: Buffer.from('это просто текст, а не картинка\n'.repeat(50)),
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().avatar[0]).toMatch(/JPEG, PNG, WebP или HEIC/);
    // The text change of the failed request was not saved.
    const self = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.info.first_name).toBe('');
    // A GIF is an image but not an accepted one.
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const g = await change(auth, {}, [{ field: 'avatar', filename: 'a.gif', contentType: 'image/gif', data: gif }]);
    expect(g.statusCode).toBe(400);
    // A file in another field is refused.
    const other = await change(auth, {}, [
      { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(other.statusCode).toBe(400);
    expect(other.json().photo).toBeDefined();
  });

  it('accepts an AVIF (HEIF family) avatar and refuses a broken HEIC with an avatar error', async () => {
    const { auth } = await signIn(t.app);
    const avif = await sharp(await jpeg(400, 300))
      .avif()
      .toBuffer();
    const ok = await change(auth, {}, [
      { field: 'avatar', filename: 'me.avif', contentType: 'image/avif', data: avif },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().avatar.url).toMatch(/\/256\.webp$/);
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(2000, 7)]);
    const bad = await change(auth, {}, [
      { field: 'avatar', filename: 'IMG_0001.HEIC', contentType: 'image/heic', data: fake },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().avatar).toHaveLength(1);
  });

  it('answers 413 for an avatar over 10 MB', async () => {
    const { auth } = await signIn(t.app);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0xff);
    const res = await change(auth, { first_name: 'Big' }, [
      { field: 'avatar', filename: 'big.jpg', contentType: 'image/jpeg', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().avatar[0]).toMatch(/10 МБ/);
  });
});
