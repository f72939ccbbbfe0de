/**
 * The hostile checks of issue «Buying» that found bugs (run on PGlite and PostgreSQL): a card token copied from
 * another account is useless, and garbage bodies and ids get a Russian 4xx that names the field. The concurrent
 * card and payment writes (no deadlock into a 500) are in cards.race.test.ts and orders.race.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { cardState, gatewayToken, makeCard, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers } from '../../src/db/schema/index.js';

const CYRILLIC = /[а-яё]/i;

describe.runIf(dbAvailable())('buying under attack', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let thief: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    thief = await makeUser(t.app, 'Борис');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const order = (user: TestUser, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/sales/order/', headers: user.auth, payload: payload as object });
  const stock = async (productId: number) =>
    (await t.app.db.select().from(offers).where(eq(offers.productId, productId))).reduce((s, o) => s + o.count, 0);

  it('refuses a card token that another account saved (copied from its bank page)', async () => {
    const token = await gatewayToken(t.app);
    const add = async (user: TestUser) => {
      const form = multipart({ card_token: token, card_state: await cardState(t.app, user) });
      return t.app.inject({
        method: 'POST',
        url: '/v1/user/add-card/',
        headers: { ...user.auth, ...form.headers },
        payload: form.payload,
      });
    };
    const own = await add(buyer);
    expect(own.statusCode, own.body).toBe(201);
    const stolen = await add(thief);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().card_token[0]).toMatch(/Карта не найдена/);
    expect((await t.app.inject({ url: '/v1/self/cards/', headers: thief.auth })).json()).toEqual([]);
  });

  it('refuses objects and lists where a form field is a string, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/delivery_points/',
      headers: buyer.auth,
      payload: { name: { a: 1 }, address: ['Москва'], point_id: 'MSK1', delivery_service_type: 'cdek' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['address', 'name']);
    expect(res.json().name[0]).toMatch(/строка/);
    const card = await makeCard(t.app, buyer);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${card}/`,
      headers: buyer.auth,
      payload: { name: { a: 1 } },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().name[0]).toMatch(/строка/);
  });

  it('answers a form, text or nothing sent to the JSON order call with a Russian 4xx', async () => {
    const form = multipart({ items: '[]', delivery_point: String(point) });
    const mp = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...buyer.auth, ...form.headers },
      payload: form.payload,
    });
    expect(mp.statusCode).toBe(415);
    expect(mp.json().detail).toMatch(/JSON/);
    const empty = await t.app.inject({ method: 'POST', url: '/v1/sales/order/', headers: buyer.auth });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().items[0]).toBe('Обязательное поле.');
    expect(empty.json().delivery_point[0]).toBe('Обязательное поле.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...buyer.auth, 'content-type': 'text/plain' },
      payload: 'купить',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.body).toMatch(CYRILLIC);
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000, count: 1 }]);
    const cases: [unknown, string, RegExp][] = [
      [{ items: [{ slug: l.slug, size: '', count: 1 }], delivery_point: point }, 'items.0.size', /Обязательное поле/],
      [{ items: [{ slug: l.slug, size: 'M', count: '1' }], delivery_point: point }, 'items.0.count', /Количество/],
      [{ items: [{ slug: l.slug, size: 'M', count: 1e300 }], delivery_point: point }, 'items.0.count', /Количество/],
      [{ items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: 'abc' }, 'delivery_point', /Пункт выдачи/],
      [{ items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: 1e20 }, 'delivery_point', /Пункт выдачи/],
      [{ items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point, card: 'x' }, 'card', /Карта/],
      [{ items: 'all', delivery_point: point }, 'items', /Список товаров/],
      [{ items: [null], delivery_point: point }, 'items.0', /Позиция заказа/],
    ];
    for (const [body, field, msg] of cases) {
      const res = await order(buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field], res.body).toHaveLength(1);
      expect(res.json()[field][0], res.body).toMatch(msg);
    }
    expect(await stock(l.id)).toBe(1);
  });

  it('names a bad id in the path in Russian, once', async () => {
    for (const url of [
      '/v1/self/card/abc/',
      '/v1/self/card/1.5/',
      '/v1/self/card/99999999999999999999/',
      '/v1/sales/orders/0/',
    ]) {
      const res = await t.app.inject({ url, headers: buyer.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ id: ['В адресе ожидается номер — целое положительное число.'] });
    }
    const del = await t.app.inject({ method: 'DELETE', url: '/v1/delivery_points/abc/', headers: buyer.auth });
    expect(del.json()).toEqual({ id: ['В адресе ожидается номер — целое положительное число.'] });
  });

  it('tells a late buyer that the last piece is held by an unpaid order and may come back', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1500, count: 1 }], 'Шарф');
    expect(
      (await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point })).statusCode,
    ).toBe(201);
    const late = await order(thief, {
      items: [{ slug: l.slug, size: 'M', count: 1 }],
      delivery_point: await makePoint(t.app, thief),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/«Шарф» \(размер M\) сейчас оформляет другой покупатель.*15 минут/);
  });
});
