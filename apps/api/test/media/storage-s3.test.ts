/**
 * Photos on an S3-compatible bucket (`STORAGE=s3`), through the real HTTP layer of two server processes
 * on one database and one bucket (s3rver started here; each process has its own data directory, so the second one
 * can only have the photos from the bucket): a listing photo and an avatar uploaded through process A are served
 * by process B with the same bytes, a year of caching, an ETag and 304; a removed photo and a deleted account's
 * avatar leave the bucket; `MEDIA_PUBLIC_URL` points the answers at the bucket itself; the demo seed fills the
 * bucket.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { seedDemo } from '../../src/seed/index.js';
import { createStorage } from '../../src/providers/storage/index.js';
import { makeFixture, type Fixture } from '../catalog-fixtures.js';
import {
  createTestApp,
  dbAvailable,
  multipart,
  onPostgres,
  randomIp,
  signIn,
  testConfig,
  type TestContext,
} from '../helpers.js';
import { adminUrl, dbUrl, dropDatabase, randomDbName } from '../pg-admin.js';
import { startS3, type TestBucket } from '../s3-server.js';

const jpeg = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const photo = (data: Buffer, field = 'photos') => ({ field, filename: 'photo.jpg', contentType: 'image/jpeg', data });
/** `/media/p/ab/…/1280.webp` → the image's key `p/ab/…`. */
const keyOf = (url: string) => url.replace(/^.*?\/((?:[a-z])\/[0-9a-f]{2}\/[0-9a-f]{24})\/\d+\.webp$/, '$1');

interface Process {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * Another server process on the same database as `t` (PostgreSQL: its own pool; PGlite, which one process owns:
 * the same handle) with its own configuration and an empty data directory of its own.
 */
async function otherProcess(t: TestContext, env: Record<string, string>): Promise<Process> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-proc-'));
  const config = testConfig(path.join(work, 'data'), env);
  const url = onPostgres()
    ? (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString
    : undefined;
  const database: Database = url ? await openDatabase({ url }) : t.database;
  const app = await buildApp({ config, database, clock: t.clock, logger: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (url) await database.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

describe.runIf(dbAvailable())('photos on S3: stored through one process, served by another', () => {
  let s3: TestBucket;
  let t: TestContext;
  let b: Process;
  let fx: Fixture;
  let seller: { authorization: string };
  let listing: { id: number; slug: string; photos: { id: number; url: string; url_large: string }[] };

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
    b = await otherProcess(t, s3.env);
    fx = await makeFixture(t.app.db);
    seller = (await signIn(t.app)).auth;
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await s3?.close();
  });

  it('serves a listing photo uploaded to A from B: the same bytes, a year of caching, an ETag and 304', async () => {
    const body = multipart(
      {
        title: 'Пуховик Moncler',
        description: 'Тёплый пуховик, носил одну зиму.',
        brand: String(fx.brands.moncler.id),
        category: String(fx.cats.downJackets),
        condition: 'excellent',
        color: 'black',
        sizes: JSON.stringify([{ size: 'M', price: 45990, count: 1 }]),
      },
      [photo(await jpeg(1200, 900, 200)), photo(await jpeg(800, 1000, 60))],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...seller, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    listing = res.json();
    const url = listing.photos[0]!.url_large;
    expect(url).toMatch(/^\/media\/p\/[0-9a-f]{2}\/[0-9a-f]{24}\/1280\.webp$/);
    const key = keyOf(url);
    // Every variant of both photos is in the bucket, none on A's disk.
    for (const p of listing.photos)
      expect(await s3.keys(`${keyOf(p.url)}/`)).toEqual(['1280', '320', '640'].map((w) => `${keyOf(p.url)}/${w}.webp`));
    expect(existsSync(path.join(t.config.mediaDir, key))).toBe(false);

    const inBucket = await s3.object(`${key}/1280.webp`);
    const viaB = await b.app.inject(url);
    expect(viaB.statusCode).toBe(200);
    expect(viaB.headers['content-type']).toBe('image/webp');
    expect(viaB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(viaB.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(viaB.rawPayload.equals(inBucket!)).toBe(true);
    expect(await sharp(viaB.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const viaA = await t.app.inject(url);
    expect(viaA.rawPayload.equals(viaB.rawPayload)).toBe(true);
    expect(viaA.headers.etag).toBe(viaB.headers.etag);

    const again = await b.app.inject({ url, headers: { 'if-none-match': viaB.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await b.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(inBucket!.length));
    // B's public answer of the listing names the same photos.
    const pub = await b.app.inject(`/v1/public/products/${listing.slug}/`);
    expect(pub.json().photos.map((p: { url_large: string }) => p.url_large)).toEqual(
      listing.photos.map((p) => p.url_large),
    );
  });

  it('answers 404 for a key not in the bucket and for anything but an image variant', async () => {
    const key = keyOf(listing.photos[0]!.url);
    for (const url of [
      '/media/p/00/000000000000000000000000/640.webp',
      `/media/${key}/640.png`,
      `/media/${key}`,
      `/media/${key}%2F..%2F..%2F..%2F${key}/640.webp`,
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/p/ab/x.webp',
    ]) {
      const res = await b.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Страница не найдена.' });
    }
  });

  it("removes a photo's variants from the bucket when the seller removes the photo", async () => {
    const gone = listing.photos[1]!;
    const kept = listing.photos[0]!;
    expect((await b.app.inject(gone.url)).statusCode).toBe(200);
    const body = multipart({ remove_photos: JSON.stringify([gone.id]) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${listing.id}/`,
      headers: { ...seller, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos.map((p: { id: number }) => p.id)).toEqual([kept.id]);
    expect(await s3.keys(`${keyOf(gone.url)}/`)).toEqual([]);
    expect((await b.app.inject(gone.url)).statusCode).toBe(404);
    expect(await s3.keys(`${keyOf(kept.url)}/`)).toHaveLength(3);
    expect((await b.app.inject(kept.url)).statusCode).toBe(200);
  });

  it('serves an avatar uploaded to A from B, and deleting the account takes it out of the bucket', async () => {
    const person = await signIn(t.app);
    const body = multipart({ first_name: 'Ира' }, [photo(await jpeg(600, 600, 120), 'avatar')]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: { ...person.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().avatar as { url: string; url_large: string };
    const key = keyOf(avatar.url);
    expect(key).toMatch(/^a\//);
    expect(await s3.keys(`${key}/`)).toHaveLength(3);
    const viaB = await b.app.inject(avatar.url_large);
    expect(viaB.statusCode).toBe(200);
    expect(viaB.rawPayload.equals((await s3.object(`${key}/512.webp`))!)).toBe(true);

    t.clock.advance(61_000);
    const send = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/send-code/',
      headers: person.auth,
      remoteAddress: randomIp(),
    });
    expect(send.statusCode, send.body).toBe(200);
    const outbox = await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(person.phone)}`);
    const code = (outbox.json().results[0] as { code: string }).code;
    const del = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/',
      headers: person.auth,
      payload: { code },
      remoteAddress: randomIp(),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await s3.keys(`${key}/`)).toEqual([]);
    expect((await b.app.inject(avatar.url_large)).statusCode).toBe(404);
  });

  it('with MEDIA_PUBLIC_URL points image URLs at the bucket and lets pages load images from it', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const c = await otherProcess(t, { ...s3.env, MEDIA_PUBLIC_URL: `${publicUrl}/` });
    try {
      const pub = await c.app.inject(`/v1/public/products/${listing.slug}/`);
      expect(pub.statusCode).toBe(200);
      const url = pub.json().photos[0].url_large as string;
      expect(url).toBe(`${publicUrl}/${keyOf(listing.photos[0]!.url)}/1280.webp`);
      expect(pub.json().photos[0].srcset).toContain(`${publicUrl}/`);
      // The bucket itself serves it (anonymous read), with the year of caching the object was stored with.
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await direct.arrayBuffer());
      expect(bytes.equals((await b.app.inject(listing.photos[0]!.url_large)).rawPayload)).toBe(true);
      // The Content-Security-Policy lets pages show images from the bucket's origin.
      const csp = String(pub.headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
    } finally {
      await c.close();
    }
  });
});

describe.runIf(dbAvailable())('the demo seed on S3', () => {
  let s3: TestBucket;
  let database: Database;
  let dropName: string | undefined;
  beforeAll(async () => {
    s3 = await startS3('vitrina-seed');
    if (onPostgres()) {
      const base = process.env.TEST_DATABASE_URL!;
      dropName = randomDbName('vitrina_seed');
      const admin = await openDatabase({ url: adminUrl(base) });
      await admin.db.execute(sql.raw(`CREATE DATABASE ${dropName}`));
      await admin.close();
      database = await openDatabase({ url: dbUrl(base, dropName) });
    } else {
      database = await openDatabase({});
    }
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    if (dropName) await dropDatabase(process.env.TEST_DATABASE_URL!, dropName);
    await s3?.close();
  });

  it('uploads every photo of the demo catalog to the bucket', async () => {
    const storage = createStorage({ storage: { provider: 's3', s3: s3.settings }, mediaDir: '/nonexistent' });
    try {
      const res = await seedDemo(database.db, { products: 12, storage, seed: 5, history: false });
      expect(res.products).toBe(12);
    } finally {
      await storage.close();
    }
    const keys = await queryRows<{ key: string }>(
      database.db,
      sql`select key from product_photos union select cover from compilations where cover is not null`,
    );
    expect(keys.length).toBeGreaterThan(5);
    const stored = new Set(await s3.keys());
    for (const { key } of keys)
      for (const w of [320, 640, 1280]) expect(stored.has(`${key}/${w}.webp`), `${key}/${w}`).toBe(true);
  }, 180_000);
});
