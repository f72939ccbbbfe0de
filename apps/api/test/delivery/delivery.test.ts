import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { seedPickupPoints, pickupPointRows } from '../../src/seed/pickup-points.js';

const point = {
  name: 'Работа',
  address: 'г. Казань, ул. Баумана, д. 12',
  point_id: 'KZN003',
  delivery_service_type: 'boxberry',
};

describe.runIf(dbAvailable())('delivery points and pickup directory', () => {
  let t: TestContext;
  let anna: TestUser;
  let boris: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPickupPoints(t.app.db); // idempotent: the demo seed may have run it already
    await seedPickupPoints(t.app.db);
    anna = await makeUser(t.app, 'Анна');
    boris = await makeUser(t.app, 'Борис');
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, user: TestUser | null, fields: Record<string, string>) => {
    const form = multipart(fields);
    return t.app.inject({ method, url, headers: { ...(user?.auth ?? {}), ...form.headers }, payload: form.payload });
  };

  it('creates, lists, updates and deletes a point (multipart)', async () => {
    const created = await send('POST', '/v1/delivery_points/', anna, point);
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toEqual({ id: expect.any(Number), ...point });

    const list = await t.app.inject({ url: '/v1/delivery_points/', headers: anna.auth });
    expect(list.json()).toEqual([p]);

    const upd = await send('PUT', `/v1/delivery_points/${p.id}/`, anna, {
      ...point,
      name: 'Офис',
      delivery_service_type: '5post',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: p.id, name: 'Офис', delivery_service_type: '5post' });

    const del = await t.app.inject({ method: 'DELETE', url: `/v1/delivery_points/${p.id}/`, headers: anna.auth });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/v1/delivery_points/', headers: anna.auth })).json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/v1/delivery_points/${p.id}/`, headers: anna.auth });
    expect(again.statusCode).toBe(404);
  });

  it('accepts every service type and rejects others, naming the field', async () => {
    for (const type of ['cdek', 'boxberry', 'russian_post', 'yandex', '5post']) {
      expect(
        (await send('POST', '/v1/delivery_points/', anna, { ...point, delivery_service_type: type })).statusCode,
      ).toBe(201);
    }
    const bad = await send('POST', '/v1/delivery_points/', anna, { ...point, delivery_service_type: 'dhl' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().delivery_service_type[0]).toMatch(/dhl/);
    const missing = await send('POST', '/v1/delivery_points/', anna, { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['address', 'delivery_service_type', 'point_id']);
    expect(missing.json().address).toEqual(['Обязательное поле.']);
    const long = await send('POST', '/v1/delivery_points/', anna, { ...point, name: 'я'.repeat(300) });
    expect(long.statusCode).toBe(400);
    expect(long.json().name).toBeDefined();
  });

  it('needs a token', async () => {
    expect((await send('POST', '/v1/delivery_points/', null, point)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/delivery_points/1/' })).statusCode).toBe(401);
  });

  it('hides one user’s points from another (404)', async () => {
    const p = (await send('POST', '/v1/delivery_points/', anna, point)).json();
    expect((await send('PUT', `/v1/delivery_points/${p.id}/`, boris, point)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/delivery_points/${p.id}/`, headers: boris.auth })).statusCode,
    ).toBe(404);
    const borisList = await t.app.inject({ url: '/v1/delivery_points/', headers: boris.auth });
    expect(borisList.json()).toEqual([]);
    // still there for Anna, unchanged
    const annaList = (await t.app.inject({ url: '/v1/delivery_points/', headers: anna.auth })).json() as {
      id: number;
      name: string;
    }[];
    expect(annaList.find((x) => x.id === p.id)?.name).toBe('Работа');
  });

  it('answers garbage with 4xx, never 500', async () => {
    const cases = [
      t.app.inject({
        method: 'POST',
        url: '/v1/delivery_points/',
        headers: { ...anna.auth, 'content-type': 'application/json' },
        payload: '{bad',
      }),
      t.app.inject({
        method: 'POST',
        url: '/v1/delivery_points/',
        headers: { ...anna.auth, 'content-type': 'application/json' },
        payload: '[1,2]',
      }),
      t.app.inject({
        method: 'POST',
        url: '/v1/delivery_points/',
        headers: { ...anna.auth, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      t.app.inject({
        method: 'POST',
        url: '/v1/delivery_points/',
        headers: { ...anna.auth, 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: 'garbage',
      }),
      t.app.inject({ method: 'PUT', url: '/v1/delivery_points/abc/', headers: anna.auth, payload: {} }),
      t.app.inject({ method: 'DELETE', url: '/v1/delivery_points/99999999999/', headers: anna.auth }),
      t.app.inject({ url: '/v1/public/pickup-points/?service=dhl' }),
      t.app.inject({ url: '/v1/public/pickup-points/?page=-1' }),
      t.app.inject({ url: '/v1/public/pickup-points/?page=9999' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('seeds at least 60 believable pickup points in the big cities', async () => {
    expect(pickupPointRows().length).toBeGreaterThanOrEqual(60);
    const cities = (await t.app.inject('/v1/public/pickup-points/cities/')).json() as { city: string; count: number }[];
    const names = cities.map((c) => c.city);
    for (const c of [
      'Москва',
      'Санкт-Петербург',
      'Казань',
      'Екатеринбург',
      'Новосибирск',
      'Нижний Новгород',
      'Краснодар',
    ]) {
      expect(names).toContain(c);
    }
    expect(cities.reduce((s, c) => s + c.count, 0)).toBe(pickupPointRows().length);
    const all = (await t.app.inject('/v1/public/pickup-points/?page_size=100')).json();
    expect(all.count).toBe(pickupPointRows().length);
    for (const p of all.results) {
      expect(p.hours).not.toBe('');
      expect(p.address).toMatch(/^г\. /);
      expect(p.service_label).toBeTruthy();
      expect(p.point_id).toBeTruthy();
    }
  });

  it('filters the directory by city, service and text', async () => {
    const msk = (await t.app.inject('/v1/public/pickup-points/?city=москва&page_size=100')).json();
    expect(msk.count).toBeGreaterThan(5);
    for (const p of msk.results) {
      expect(p.city).toBe('Москва');
      expect(Math.abs(p.lat - 55.7558)).toBeLessThan(0.1);
      expect(Math.abs(p.lng - 37.6173)).toBeLessThan(0.15);
    }
    const cdek = (await t.app.inject('/v1/public/pickup-points/?service=cdek&page_size=100')).json();
    expect(cdek.count).toBeGreaterThan(0);
    expect(
      cdek.results.every(
        (p: { service: string; service_label: string }) => p.service === 'cdek' && p.service_label === 'СДЭК',
      ),
    ).toBe(true);
    const q = (await t.app.inject(`/v1/public/pickup-points/?q=${encodeURIComponent('Невский')}`)).json();
    expect(q.count).toBeGreaterThan(0);
    expect(q.results[0].address).toContain('Невский');
    const paged = (await t.app.inject('/v1/public/pickup-points/?page_size=10&page=2')).json();
    expect(paged.results).toHaveLength(10);
    expect(paged.previous).toBeTruthy();
    const none = (await t.app.inject(`/v1/public/pickup-points/?q=${encodeURIComponent('%_')}`)).json();
    expect(none.count).toBe(0);
  });
});
