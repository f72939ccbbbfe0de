import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net, { type AddressInfo } from 'node:net';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('server basics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('answers unknown API paths with a Russian 404', async () => {
    const res = await t.app.inject('/v1/no-such-call/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/v1/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Витрина API');
  });
});

describe.runIf(dbAvailable())('requests Node cannot parse', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  /** Sends raw bytes (as curl does with an unencoded Cyrillic address) and reads the whole answer. */
  const raw = (request: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let out = '';
      socket.on('data', (d) => (out += d.toString('utf8')));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });

  it('redirects a GET with raw UTF-8 in the address to its percent-encoded form, in Russian', async () => {
    const answer = await raw(Buffer.from('GET /v1/public/search/?q=кроссовки HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'));
    expect(answer).toMatch(/^HTTP\/1\.1 308/);
    const location = /location: (\S+)/i.exec(answer)![1]!;
    expect(location).toBe(`/v1/public/search/?q=${encodeURIComponent('кроссовки')}`);
    expect(answer).toContain('незакодированные символы');
    const followed = await t.app.inject(location);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().count).toBeGreaterThan(0);
  });

  it('answers a HEAD with the redirect headers and no body', async () => {
    const answer = await raw(Buffer.from('HEAD /catalog/search?q=кеды HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'));
    expect(answer).toMatch(/^HTTP\/1\.1 308/);
    expect(answer).toMatch(/location: \/catalog\/search\?q=%D0%BA%D0%B5%D0%B4%D1%8B/i);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
  });

  it('answers other unparsable requests with a Russian JSON 400', async () => {
    const answer = await raw(
      Buffer.from('POST /v1/product/check-availability/?q=ж HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"detail":"Неверный HTTP-запрос');
  });
});
