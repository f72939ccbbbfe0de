/**
 * Hostile input to sign-in, profile, selling and subscriptions:
 * foreign auth schemes and malformed `Token` headers, codes pasted with spaces or typed wrong, empty JSON
 * bodies, ids beyond 32 bits, words where yes/no is expected, non-numeric path ids, page_size abuse,
 * avatar sent as text, and `srcset` widths of photos smaller than 1280 px. Each must be a clear Russian
 * 4xx naming the field (never a 500) and must store nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, sizeGrids, sizes } from '../../src/db/schema/index.js';
import { KEY_WITH_SPACES, NO_KEY, WRONG_SCHEME } from '../../src/plugins/auth.js';
import { createTestApp, dbAvailable, multipart, randomIp, signIn, type TestContext } from '../helpers.js';
import { makeListing } from '../buy-fixtures.js';

type Auth = { authorization: string };
let seq = 0;
/** Numbers of this file (`+7997…`), apart from the helpers' `+7999…`, so no send-code cooldown is shared. */
const phone = () => `+7997${String((process.pid * 7919 + (seq += 1)) % 10_000_000).padStart(7, '0')}`;

describe.runIf(dbAvailable())('hostile input', () => {
  let t: TestContext;
  let a: Auth & Record<string, string>;
  let me: number;
  let fx: { brand: number; leaf: number };
  let img: Buffer;

  const create = (
    fields: Record<string, string>,
    files = [{ field: 'photos', filename: 'a.jpg', contentType: 'image/jpeg', data: img }],
  ) => {
    const body = multipart(
      {
        title: 'Куртка джинсовая',
        brand: String(fx.brand),
        category: String(fx.leaf),
        condition: 'good',
        sizes: '[{"size":"M","price":2500,"count":1}]',
        ...fields,
      },
      files,
    );
    return t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...a, ...body.headers },
      payload: body.payload,
    });
  };
  const countMine = async () =>
    (await t.app.db.select({ id: products.id }).from(products).where(eq(products.ownerId, me))).length;

  beforeAll(async () => {
    t = await createTestApp();
    a = (await signIn(t.app, phone())).auth;
    me = (await t.app.inject({ url: '/v1/self/', headers: a })).json().info.id;
    img = await sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: 90, g: 110, b: 160 } } })
      .jpeg()
      .toBuffer();
    const db = t.app.db;
    const [grid] = await db.insert(sizeGrids).values({ slug: 'hostile-grid', name: 'Одежда, проверка' }).returning();
    await db
      .insert(sizes)
      .values(['S', 'M', 'L'].map((v, i) => ({ gridId: grid!.id, value: v, label: v, position: i })));
    const [brand] = await db
      .insert(brands)
      .values({ slug: 'hostile-brand', name: 'Hostile Brand', nameRu: 'Хостайл', aliases: [] })
      .returning();
    await db.execute(
      sql`insert into catalog_types (id, name, position) values ('women', 'Женщинам', 0) on conflict do nothing`,
    );
    const [leaf] = await db
      .insert(categories)
      .values({ type: 'women', slug: 'hostile-jackets', name: 'Куртки проверка', sizeGridId: grid!.id })
      .returning();
    fx = { brand: brand!.id, leaf: leaf!.id };
  });
  afterAll(() => t?.close());

  it('names the problem of foreign schemes and malformed Token headers, with WWW-Authenticate: Token', async () => {
    const key = (await signIn(t.app, phone())).token;
    const cases: [string, string][] = [
      [`Bearer ${key}`, WRONG_SCHEME],
      ['Basic dXNlcjpwYXNz', WRONG_SCHEME],
      [key, WRONG_SCHEME],
      ['Token', NO_KEY],
      [`Token ${key} extra`, KEY_WITH_SPACES],
    ];
    for (const [header, detail] of cases) {
      const res = await t.app.inject({ url: '/v1/self/', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toEqual({ detail });
      expect(res.headers['www-authenticate'], header).toBe('Token');
    }
    // Another scheme is ignored on public calls (as DRF); the scheme word is case-insensitive (as DRF).
    expect(
      (await t.app.inject({ url: '/v1/public/brands/', headers: { authorization: `Bearer ${key}` } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/v1/self/', headers: { authorization: `token ${key}` } })).statusCode).toBe(200);
  });

  it('accepts a code pasted with spaces and does not count a malformed code as a try', async () => {
    const number = phone();
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
    expect((await post('/v1/auth/send-code/', { phone: number })).statusCode).toBe(200);
    const code = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(number)}`)).json().results[0]
      .code as string;
    for (let i = 0; i < 6; i += 1) {
      const bad = await post('/v1/auth/verify-code/', { phone: number, code: 'abcd' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, detail: 'Код из SMS — 6 цифр.' });
    }
    const ok = await post('/v1/auth/verify-code/', { phone: number, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reads an empty JSON body as no body', async () => {
    const json = { 'content-type': 'application/json' };
    const send = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      headers: json,
      payload: '',
      remoteAddress: randomIp(),
    });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toEqual({ phone: ['Введите номер телефона.'] });
    const seller = (await t.app.inject({ url: '/v1/self/', headers: (await signIn(t.app, phone())).auth })).json().info
      .id;
    await makeListing(t.app, seller); // a seller page to subscribe to
    const sub = await t.app.inject({
      method: 'POST',
      url: `/v1/social/subscribe/${seller}/`,
      headers: { ...a, ...json },
      payload: '',
    });
    expect(sub.statusCode, sub.body).toBe(200);
  });

  it('refuses ids past 32 bits and non-yes/no flags with a field error, storing nothing', async () => {
    const before = await countMine();
    for (const [fields, field] of [
      [{ brand: '99999999999' }, 'brand'],
      [{ category: '99999999999' }, 'category'],
      [{ draft: 'maybe' }, 'draft'],
      [{ status: 'sold' }, 'status'],
    ] as const) {
      const res = await create(fields);
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(fields)).toContain(field);
    }
    expect(await countMine()).toBe(before);
    const draft = await create({ draft: 'true' });
    expect(draft.json().status).toBe('draft');
    const body = multipart({ publish: 'sure' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${draft.json().id}/`,
      headers: { ...a, ...body.headers },
      payload: body.payload,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ publish: ['Ожидается «true» или «false».'] });
  });

  it('explains non-numeric path ids, repeated and oversized paging parameters and self-unsubscribe', async () => {
    const idMsg = { id: ['В адресе ожидается номер — целое положительное число.'] };
    for (const [method, url] of [
      ['GET', '/v1/products/abc/'],
      ['DELETE', '/v1/products/-1/'],
      ['POST', '/v1/products/1.5/make_draft/'],
      ['POST', '/v1/social/subscribe/abc/'],
      ['POST', '/v1/social/unsubscribe/99999999999/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: a });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(idMsg);
    }
    const big = await t.app.inject({ url: '/v1/product_owner/?page_size=1000', headers: a });
    expect(big.json()).toEqual({ page_size: ['Размер страницы — от 1 до 100.'] });
    const twice = await t.app.inject({ url: '/v1/social/subscribes/?page=1&page=2', headers: a });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ page: ['Параметр указан несколько раз: оставьте одно значение.'] });
    const self = await t.app.inject({ method: 'POST', url: `/v1/social/unsubscribe/${me}/`, headers: a });
    expect(self.json()).toEqual({ detail: 'Нельзя отписаться от самого себя.' });
  });

  it('refuses an avatar sent as text instead of a file', async () => {
    const body = multipart({ first_name: 'Анна', avatar: 'https://example.com/me.jpg' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: { ...a, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('avatar');
    expect((await t.app.inject({ url: '/v1/self/', headers: a })).json().info.first_name).toBe('');
  });

  it('describes a photo narrower than 1280 px by its real width in srcset', async () => {
    const res = await create({});
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().photos[0];
    expect(p.width).toBe(1000);
    expect(p.srcset).toMatch(/\/320\.webp 320w, .*\/640\.webp 640w, .*\/1280\.webp 1000w$/);
    const large = await t.app.inject({ url: p.url_large });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1000);
  });

  it('answers 413 for an oversized upload as soon as the limit is passed, not after the whole body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    /**
     * Streams a 60 MB file part in 1 MB chunks; resolves with the status (413 also when the server closed the
     * connection under the client's writes) and how much was sent by then.
     */
    const upload = (method: string, path: string, field: string) =>
      new Promise<{ status: number; sentMb: number }>((resolve, reject) => {
        const boundary = `b${Date.now()}`;
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
        const req = http.request({
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { ...a, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        let sent = 0;
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          res.resume();
          resolve({ status: res.statusCode!, sentMb: sent / 1048576 });
        });
        // The server answers 413 and closes: a write racing the close may fail (EPIPE/ECONNRESET) before the
        // answer is read. That too is the upload cut off early; anything else is a failure.
        req.on('error', (err: NodeJS.ErrnoException) => {
          if (answered) return;
          if (err.code === 'EPIPE' || err.code === 'ECONNRESET') {
            answered = true;
            resolve({ status: 413, sentMb: sent / 1048576 });
          } else reject(err);
        });
        req.write(head);
        const chunk = Buffer.alloc(1048576, 7);
        const pump = () => {
          if (answered || req.destroyed) return;
          if (sent >= 60 * 1048576) return req.end(`\r\n--${boundary}--\r\n`);
          req.write(chunk);
          sent += chunk.length;
          setTimeout(pump, 10);
        };
        pump();
      });
    const photo = await upload('POST', '/v1/products/', 'photos');
    expect(photo.status).toBe(413);
    expect(photo.sentMb).toBeLessThan(40);
    const avatar = await upload('PUT', '/v1/self/change/', 'avatar');
    expect(avatar.status).toBe(413);
    expect(avatar.sentMb).toBeLessThan(40);
  });

  it('keeps the phone of the SMS outbox and every *token*, key and state parameter out of request logs', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: 'info' },
      { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    );
    try {
      const number = phone();
      const key = (await signIn(logged.app, number)).token;
      await logged.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(number)}`);
      await logged.app.inject(`/ws/notifications/?token=${key}`);
      // The account page back from the bank, any *token* parameter, the test bank's page key.
      const secrets = ['tok_0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'S3cr3tRefr3sh', 'Ke7Ke7', '1999999999.abc.def'];
      await logged.app.inject(`/account?card_state=${secrets[3]}&card_token=${secrets[0]}&tab=cards`);
      await logged.app.inject(`/v1/anything/?REFRESH_TOKEN=${secrets[1]}&page=2`);
      await logged.app.inject(`/testgateway/pay/tg_1?key=${secrets[2]}`);
      const all = lines.join('');
      expect(all).toContain('/v1/dev/sms-outbox/?phone=***');
      expect(all).not.toContain(number.slice(1));
      expect(all).not.toContain(key);
      expect(all).toContain('/account?card_state=***&card_token=***&tab=cards');
      expect(all).toContain('REFRESH_TOKEN=***&page=2');
      expect(all).toContain('/testgateway/pay/tg_1?key=***');
      for (const secret of secrets) expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
    // An app with its own logger is started inside the test: on a loaded machine that alone can take ~30 s.
  }, 90_000);
});
