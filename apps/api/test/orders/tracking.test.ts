/**
 * Shipping checks the tracking number against the delivery service the buyer chose (СДЭК 10 digits, Почта России 14
 * digits or RA123456789RU…): a wrong one is a 400 in Russian naming `tracking_number` and the order stays paid; a
 * good one is stored normalised and both sides get the carrier's tracking page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { makeListing, makeUser, placePaidOrder, type TestUser } from '../buy-fixtures.js';

describe.runIf(dbAvailable())('tracking number by carrier', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
  });
  afterAll(() => t?.close());

  const pointOf = async (service: string) => {
    const form = multipart({
      name: 'Дом',
      address: 'г. Москва, ул. Тверская, 7',
      point_id: 'P1',
      delivery_service_type: service,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/delivery_points/',
      headers: { ...buyer.auth, ...form.headers },
      payload: form.payload,
    });
    return res.json().id as number;
  };
  const ship = (id: number, n: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: n },
    });

  it('СДЭК: refuses a Почта России number, takes 10 digits with spaces, links to cdek.ru', async () => {
    const l = await makeListing(t.app, seller.id);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, await pointOf('cdek'));
    const bad = await ship(order.id, 'RA123456789RU');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ tracking_number: ['Трек-номер СДЭК — 10 цифр, например 1234567890.'] });
    const still = await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: seller.auth });
    expect(still.json()).toMatchObject({ status: 'paid', tracking_number: null, tracking_url: null });

    const good = await ship(order.id, ' 1234 567 890 ');
    expect(good.statusCode, good.body).toBe(200);
    const link = 'https://www.cdek.ru/ru/tracking/?order_id=1234567890';
    expect(good.json()).toMatchObject({ status: 'shipped', tracking_number: '1234567890', tracking_url: link });
    const seen = await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth });
    expect(seen.json()).toMatchObject({ tracking_number: '1234567890', tracking_url: link });
  });

  it('Почта России: refuses 10 digits, takes an international number in lower case', async () => {
    const l = await makeListing(t.app, seller.id);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, await pointOf('russian_post'));
    const bad = await ship(order.id, '1234567890');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().tracking_number[0]).toMatch(/Почты России — 14 цифр/);
    const good = await ship(order.id, 'ra123456789ru');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({
      tracking_number: 'RA123456789RU',
      tracking_url: 'https://www.pochta.ru/tracking?barcode=RA123456789RU',
    });
  });
});
