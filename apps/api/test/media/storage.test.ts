/**
 * Media storage providers: the same behaviour from local files (`STORAGE=local`) and from a real
 * S3-compatible server (`STORAGE=s3`, s3rver started here, no mock) — bytes in and out, entity tags, unsafe keys,
 * removal of one image's variants only; the media pipeline stores, reads and removes through either; a bucket that
 * does not answer is a Russian 503 and leaves nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { useRussianZodMessages } from '../../src/lib/zod-ru.js';
import { readImage, removeImage, storeImage } from '../../src/modules/media/index.js';
import { createStorage, localMediaStorage, type MediaStorage } from '../../src/providers/storage/index.js';
import { startS3, type TestBucket } from '../s3-server.js';

let s3: TestBucket;
let work: string;
beforeAll(async () => {
  s3 = await startS3();
  work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-storage-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

const photo = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

describe.each([
  ['local', () => localMediaStorage(path.join(work, 'media'))],
  ['s3', () => createStorage({ storage: { provider: 's3', s3: s3.settings }, mediaDir: '/nonexistent' })],
] as const)('media storage: %s', (name, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage?.close());

  it('gives back the bytes it was given, with a stable entity tag, and null for a missing key', async () => {
    expect(storage.name).toBe(name);
    const data = Buffer.from('RIFF-test-bytes-' + name);
    await storage.put('t/aa/one/320.webp', data, 'image/webp');
    const a = await storage.get('t/aa/one/320.webp');
    expect(a).not.toBeNull();
    expect(await buffer(a!.body)).toEqual(data);
    expect(a!.size).toBe(data.length);
    expect(a!.etag).toMatch(/^"[^"]+"$/);
    const b = await storage.get('t/aa/one/320.webp');
    expect(b!.etag).toBe(a!.etag);
    b!.body.destroy();
    // Rewritten bytes → another tag.
    await storage.put('t/aa/one/320.webp', Buffer.from('other bytes, longer than before'), 'image/webp');
    const c = await storage.get('t/aa/one/320.webp');
    expect(c!.etag).not.toBe(a!.etag);
    c!.body.destroy();
    expect(await storage.get('t/aa/none/320.webp')).toBeNull();
  });

  it('refuses keys that could leave its place', async () => {
    for (const key of ['../x.webp', 't/../../x.webp', '/etc/passwd', 't//x.webp', '', 't/./x.webp', 't/x/']) {
      expect(await storage.get(key), key).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Недопустимый ключ/);
    }
  });

  it("removes one image's objects and nothing else", async () => {
    for (const k of ['t/bb/img/320.webp', 't/bb/img/640.webp', 't/bb/img2/320.webp', 't/bb/im/320.webp'])
      await storage.put(k, Buffer.from(k), 'image/webp');
    await storage.removePrefix('t/bb/img');
    expect(await storage.get('t/bb/img/320.webp')).toBeNull();
    expect(await storage.get('t/bb/img/640.webp')).toBeNull();
    for (const k of ['t/bb/img2/320.webp', 't/bb/im/320.webp']) {
      const left = await storage.get(k);
      expect(left, k).not.toBeNull();
      expect(await buffer(left!.body)).toEqual(Buffer.from(k));
    }
    // Removing what is not there is no error.
    await storage.removePrefix('t/bb/nothing');
  });

  it('stores an upload through the media pipeline as WebP variants, reads and removes them', async () => {
    const stored = await storeImage(await photo(), { storage, prefix: 'p', field: 'photos' });
    expect(stored).toMatchObject({ key: expect.stringMatching(/^p\/[0-9a-f]{2}\/[0-9a-f]{24}$/), width: 900 });
    for (const w of [320, 640, 1280]) {
      const obj = await storage.get(`${stored.key}/${w}.webp`);
      const meta = await sharp(await buffer(obj!.body)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Math.min(w, 900) });
    }
    expect((await sharp((await readImage(storage, stored.key, 1280))!).metadata()).width).toBe(900);
    if (name === 's3') expect(await s3.keys(stored.key)).toHaveLength(3);
    await removeImage(storage, stored.key);
    for (const w of [320, 640, 1280]) expect(await storage.get(`${stored.key}/${w}.webp`)).toBeNull();
    expect(await readImage(storage, stored.key, 1280)).toBeNull();
    if (name === 's3') expect(await s3.keys(stored.key)).toEqual([]);
  });

  it('still refuses a file that is not an image before storing anything', async () => {
    await expect(
      storeImage(Buffer.from('not an image at all'), { storage, prefix: 'p', field: 'photos' }),
    ).rejects.toMatchObject({ statusCode: 400, body: { photos: [expect.stringMatching(/JPEG, PNG, WebP или HEIC/)] } });
  });
});

describe('media storage: a bucket that does not answer', () => {
  it('answers 503 in Russian for an upload', async () => {
    const down = createStorage({
      storage: { provider: 's3', s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9' } },
      mediaDir: '/nonexistent',
    });
    try {
      await expect(storeImage(await photo(), { storage: down, prefix: 'p', field: 'photos' })).rejects.toMatchObject({
        statusCode: 503,
        body: { detail: 'Хранилище фотографий недоступно. Попробуйте ещё раз через минуту.' },
      });
    } finally {
      await down.close();
    }
  });
});

describe('media storage: configuration', () => {
  // As at the server's start (app.ts sets Russian messages before the configuration is read).
  beforeAll(() => useRussianZodMessages());
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/vitrina-cfg' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.issues;
      throw err;
    }
  };

  it('keeps photos in DATA_DIR/media by default and with STORAGE=local', () => {
    for (const env of [{}, { STORAGE: 'local' }]) {
      const c = loadConfig({ ...base, ...env });
      expect(c.storage).toEqual({ provider: 'local' });
      expect(c.mediaDir).toBe(path.resolve('/tmp/vitrina-cfg/media'));
      expect(c.mediaPublicUrl).toBeUndefined();
    }
  });

  it('reads STORAGE=s3 with its bucket, region, keys and path style', () => {
    const c = loadConfig({
      ...base,
      ...s3.env,
      S3_REGION: 'ru-central1',
      MEDIA_PUBLIC_URL: 'https://cdn.example.ru/m/',
    });
    expect(c.storage).toEqual({
      provider: 's3',
      s3: { ...s3.settings, region: 'ru-central1' },
    });
    expect(c.mediaPublicUrl).toBe('https://cdn.example.ru/m');
    // Path style defaults to on with an endpoint (MinIO), off for AWS itself; it can be set either way.
    const aws = loadConfig({ ...base, ...s3.env, S3_ENDPOINT: '' });
    expect(aws.storage).toMatchObject({ s3: { endpoint: undefined, forcePathStyle: false, region: 'us-east-1' } });
    const vhost = loadConfig({ ...base, ...s3.env, S3_FORCE_PATH_STYLE: 'false' });
    expect(vhost.storage).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('names every missing or bad variable in Russian', () => {
    expect(problems({ STORAGE: 's3' })).toEqual([
      'S3_BUCKET: обязателен для STORAGE=s3',
      'S3_ACCESS_KEY_ID: обязателен для STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: обязателен для STORAGE=s3',
    ]);
    const bad = problems({
      ...s3.env,
      STORAGE: 'ftp',
      S3_ENDPOINT: 'minio:9000',
      S3_BUCKET: 'Photos_Bucket',
      S3_FORCE_PATH_STYLE: 'maybe',
      MEDIA_PUBLIC_URL: 'cdn.example.ru',
    });
    for (const v of ['STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL'])
      expect(
        bad.some((p) => p.startsWith(`${v}:`)),
        `${v} in ${bad.join('; ')}`,
      ).toBe(true);
    for (const p of bad) expect(p, p).toMatch(/[а-яё]/i);
  });
});
