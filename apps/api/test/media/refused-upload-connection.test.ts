/**
 * An upload refused part-way through its body leaves its connection usable (architecture §3): the rest of the body
 * is drained (plugins/drain-body.ts), so the next request a browser sends on the same keep-alive connection is
 * answered at once — not after the request timeout with a 408. Through a real socket (./raw-http.ts): a photo
 * refused with 429 by the hourly photo limit, a file in an unknown field refused with 400, and, as before, a 401.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/db/schema/index.js';
import { sql } from 'drizzle-orm';
import { createTestApp, dbAvailable, multipart, signIn, type TestContext } from '../helpers.js';
import { KeepAliveConnection } from '../raw-http.js';

describe.runIf(dbAvailable())('the connection after a refused upload', () => {
  let t: TestContext;
  let port: number;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp({ PHOTOS_PER_HOUR: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    const [leaf] = await t.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`not exists (select 1 from categories c where c.parent_id = ${categories.id})`)
      .limit(1);
    category = String(leaf!.id);
  });
  afterAll(() => t?.close());

  /** A 600 KB file: a body well past what the server reads ahead of a refusal. */
  const big = (field: string, i = 0) => ({
    field,
    filename: `p${i}.jpg`,
    contentType: 'image/jpeg',
    data: Buffer.alloc(600 * 1024, i + 1),
  });
  const request = (auth: string | null, form: ReturnType<typeof multipart>) =>
    Buffer.concat([
      Buffer.from(
        'POST /v1/products/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
          `${auth ? `Authorization: ${auth}\r\n` : ''}Content-Type: ${form.headers['content-type']}\r\n` +
          `Content-Length: ${form.payload.length}\r\n\r\n`,
      ),
      form.payload,
    ]);
  const ping = 'GET /v1/ping/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
  const listing = () => ({ title: 'Пальто', category, condition: 'excellent', draft: 'true' });

  /** Sends `refused` and then a ping on one connection: the refusal, then the ping answered at once. */
  const refusedThenPing = async (refused: Buffer, status: number) => {
    const conn = await KeepAliveConnection.open(port);
    try {
      const first = await conn.exchange(refused, 10_000);
      expect(first.status, first.body).toBe(status);
      expect(first.body).toMatch(/[а-яё]/i);
      const next = await conn.exchange(ping, 5000);
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(3000);
    } finally {
      conn.close();
    }
  };

  it('answers the next request at once after a photo refused with 429 by the hourly photo limit', async () => {
    const { auth } = await signIn(t.app);
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#69c' } })
      .jpeg()
      .toBuffer();
    const images = [0, 1].map((i) => ({
      field: 'photos',
      filename: `${i}.jpg`,
      contentType: 'image/jpeg',
      data: photo,
    }));
    const used = multipart(listing(), images);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...auth, ...used.headers },
      payload: used.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = multipart(
      listing(),
      [0, 1, 2].map((i) => big('photos', i)),
    );
    await refusedThenPing(request(auth.authorization, form), 429);
  });

  it('answers the next request at once after a file in an unknown field refused with 400', async () => {
    const { auth } = await signIn(t.app);
    const form = multipart(listing(), [big('document'), big('photos', 1), big('photos', 2)]);
    await refusedThenPing(request(auth.authorization, form), 400);
  });

  it('answers the next request at once after an upload refused with 401', async () => {
    const form = multipart(listing(), [big('photos'), big('photos', 1)]);
    await refusedThenPing(request(null, form), 401);
  });
});
