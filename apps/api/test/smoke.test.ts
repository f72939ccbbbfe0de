import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from './helpers.js';

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
