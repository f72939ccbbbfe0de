/**
 * Hostile input to the public calls found while checking «The shop runs» as a newcomer: values
 * that PostgreSQL text cannot hold (NUL, `%00` / `\u0000`) in query strings, path segments and JSON
 * bodies; broken or over-long paths; numbers beyond the 32-bit columns. Each must be a Russian 4xx
 * (400 naming the field, 404 for a path segment), never a 500 or Fastify's English body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/lib/errors.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('public calls: hostile input', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** Each URL must answer 400 with exactly its field named, in Russian. */
  const expectFieldErrors = async (cases: readonly (readonly [string, string])[]) => {
    for (const [url, field] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), url).toEqual([field]);
      expect(res.json()[field][0], url).toMatch(/[а-я]/);
    }
  };

  it('a NUL in a query value is a 400 naming the parameter', async () => {
    await expectFieldErrors([
      ['/v1/public/products/?size=%00', 'size'],
      ['/v1/public/products/?compilation=a%00', 'compilation'],
      ['/v1/public/products/?brand=nike&q=%00', 'q'],
      ['/v1/public/search/?q=%D0%BA%00', 'q'],
      ['/v1/public/search/suggest/?q=ab%00', 'q'],
    ]);
  });

  it('a NUL in a query parameter named __proto__ is a 400 with the message, not an empty {}', async () => {
    const res = await t.app.inject({ url: '/v1/public/products/?__proto__=a%00b' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [NUL_MESSAGE] });
  });

  it('a NUL in a path segment is the plain 404', async () => {
    for (const url of [
      '/v1/public/products/%00/',
      '/v1/public/brands/%00/',
      '/v1/public/compilations/a%00/',
      '/v1/public/categories/%00/',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
    }
  });

  it('a NUL in a JSON body of the cart check is a 400 naming the line and field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/product/check-availability/',
      payload: [
        { slug: 'a', size: 'M', count: 1, price: 1 },
        { slug: 'b\u0000', size: 'M', count: 1, price: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['1.slug']);
  });

  it('a broken percent-escape in the path is a Russian 400; an over-long path segment is the plain 404', async () => {
    for (const url of ['/v1/public/products/%E0%A4%A/', '/product/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().detail, url).toMatch(/^Неверный адрес/);
    }
    for (const url of [`/v1/public/products/${'a'.repeat(150)}/`, `/v1/public/brands/${'б'.repeat(120)}/`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
    }
  });

  it('a price or seller beyond the 32-bit columns is a 400 naming the parameter', async () => {
    await expectFieldErrors([
      ['/v1/public/products/?price_min=99999999999999999999', 'price_min'],
      ['/v1/public/products/?price_max=21474837', 'price_max'],
      ['/v1/public/search/?q=%D0%BA&price_min=30000000', 'price_min'],
      ['/v1/public/products/?seller=99999999999', 'seller'],
    ]);
    const top = await t.app.inject({ url: '/v1/public/products/?price_max=21474836' });
    expect(top.statusCode, top.body).toBe(200);
  });

  it('a body nested 100 000 arrays deep is a 400, not a stack overflow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/product/check-availability/',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(100_000) + ']'.repeat(100_000),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
  });
});
