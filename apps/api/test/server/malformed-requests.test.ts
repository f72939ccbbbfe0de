/**
 * The malformed requests («bad input is 4xx, never 5xx»), one by one, beside the fuzz
 * (fuzz-openapi.test.ts) and the multipart cases (multipart-errors.test.ts): NUL bytes in headers (refused by
 * Node's parser, answered by plugins/client-error.ts), a JSON body past the 1 MB limit, 10 000 nested arrays,
 * numbers past every column, wrong content types, broken JSON — each a 400/413/415 with a Russian JSON answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_ERROR } from '../../src/plugins/client-error.js';
import { NUL_MESSAGE } from '../../src/lib/errors.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { rawRequest } from '../raw-http.js';

/** Writes `data` on a fresh connection and resolves with everything the server sent before closing. */
const raw = async (port: number, data: string) => (await rawRequest(port, data)).answer;

describe.runIf(dbAvailable())('malformed requests', () => {
  let t: TestContext;
  let port: number;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await makeUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  const order = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...buyer.auth, 'content-type': contentType },
      payload,
    });

  it('a NUL or control character in a header, or a broken Content-Length, is a Russian 400 about the header', async () => {
    for (const head of [
      `GET /v1/self/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token a\u0000b\r\n\r\n`,
      `POST /v1/sales/order/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\u0000\r\nContent-Length: 2\r\n\r\n{}`,
      `GET /v1/ping/ HTTP/1.1\r\nHost: x\r\nX-Trace: \u0001\r\n\r\n`,
      `POST /v1/auth/send-code/ HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n{}`,
    ]) {
      const answer = await raw(port, head);
      expect(answer, JSON.stringify(head)).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ detail: HEADER_ERROR });
    }
  });

  it('a JSON body over 1 MB is a 413, also when only announced by Content-Length', async () => {
    const big = await order(JSON.stringify({ items: [], delivery_point: 1, pad: 'я'.repeat(600_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'Слишком большой запрос или файл.' });
    const announced = await raw(
      port,
      `POST /v1/auth/send-code/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"phone":"`,
    );
    expect(announced).toMatch(/^HTTP\/1\.1 413 /);
    expect(announced).toContain('Слишком большой запрос');
  });

  it('10 000 nested arrays, broken and truncated JSON are a Russian 400', async () => {
    for (const payload of ['['.repeat(10_000) + ']'.repeat(10_000), '{"items": [', '{"items": [}', '\u0000']) {
      const res = await order(payload);
      expect(res.statusCode, payload.slice(0, 20)).toBe(400);
      expect(res.body).toMatch(/[а-я]/);
    }
  });

  it('numbers past every column (1e999, 2^53 + 1, 1e308) or fractions are a 400 naming the field', async () => {
    for (const n of ['1e999', '9007199254740993', '1.5', '1e308']) {
      const res = await order(`{"items":[{"slug":"a","size":"M","count":${n}}],"delivery_point":${n}}`);
      expect(res.statusCode, n).toBe(400);
      expect(Object.keys(res.json()).sort(), n).toEqual(['delivery_point', 'items.0.count']);
    }
  });

  it('a NUL in a JSON key or value is a 400 naming it', async () => {
    const res = await order('{"items":[{"slug":"a\\u0000","size":"M","count":1}],"delivery_point":1}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'items.0.slug': [NUL_MESSAGE] });
  });

  it('a body of a type the call does not read is a Russian 415', async () => {
    for (const type of ['application/xml', 'text/csv', 'image/jpeg']) {
      const res = await order('<order/>', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().detail, type).toMatch(/^Неподдерживаемый тип данных/);
    }
  });
});
