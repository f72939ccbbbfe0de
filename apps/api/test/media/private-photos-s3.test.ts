/**
 * Private photos on an S3-compatible bucket (decision 0150; s3rver started here): a chat photo is written under the
 * bucket's `private/` prefix, nothing of it where public photos are; the API proxies it to whoever holds a valid
 * signed link (on any process), and the public path refuses it. A chat photo stored publicly before is moved into
 * `private/` by the move job and leaves its public place.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../src/db/schema/index.js';
import { PRIVATE_MOVE_JOB, storeImage } from '../../src/modules/media/index.js';
import { photo } from '../chats/fixtures.js';
import { createTestApp, dbAvailable, secondProcess, type TestContext } from '../helpers.js';
import { startS3, type TestBucket } from '../s3-server.js';
import { chatWithPhotos, linkParts, threadOf } from './private-fixtures.js';

describe.runIf(dbAvailable())('private photos on S3', () => {
  let s3: TestBucket;
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let c: Awaited<ReturnType<typeof chatWithPhotos>>;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
    other = await secondProcess(t);
    c = await chatWithPhotos(t.app);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await s3?.close();
  });

  it('keeps a chat photo under private/ in the bucket and serves it only through its signed link', async () => {
    const url = c.message.photos[0]!.url;
    const { key } = linkParts(url);
    expect(await s3.keys(`private/${key}/`)).toEqual(['1280', '320', '640'].map((w) => `private/${key}/${w}.webp`));
    expect(await s3.keys(`${key}/`)).toEqual([]);
    const res = await other.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals((await s3.object(`private/${key}/640.webp`))!)).toBe(true);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await t.app.inject(`/media/${key}/640.webp`)).statusCode).toBe(404);
    expect((await t.app.inject(`/media/private/${key}/640.webp`)).statusCode).toBe(403);
  });

  it('moves a chat photo stored publicly before into private/', async () => {
    const old = await storeImage(await photo(), { storage: t.app.storage, prefix: 'm', field: 'photos' });
    await t.app.db
      .update(chatMessages)
      .set({ photos: [old] })
      .where(eq(chatMessages.id, c.message.id));
    expect(await s3.keys(`${old.key}/`)).toHaveLength(3);
    await t.app.jobs.enqueue(t.app.db, PRIVATE_MOVE_JOB, { stage: 'messages', after: 0 });
    while ((await t.app.jobs.runDue()) > 0);
    expect(await s3.keys(`${old.key}/`)).toEqual([]);
    expect(await s3.keys(`private/${old.key}/`)).toHaveLength(3);
    const m = (await threadOf(t.app, c.buyer, c.chat.id)).page!.results.find((x) => x.id === c.message.id)!;
    expect(linkParts(m.photos[0]!.url).key).toBe(old.key);
    expect((await t.app.inject(m.photos[0]!.url)).statusCode).toBe(200);
  });
});
