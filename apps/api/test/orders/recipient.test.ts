/**
 * The recipient of an order (checkout): `recipient_name` and `recipient_phone` in `POST /v1/sales/order/`, checked
 * (name and surname; a valid phone, stored E.164), taken from the buyer's profile when left out, kept with the order
 * and shown to the buyer always and to the seller once the order is paid; erased with the buyer's account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  chargedAtTestBank,
  makeListing,
  makePoint,
  makeUser,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';
import { orders, payments, users } from '../../src/db/schema/index.js';

describe.runIf(dbAvailable())('order recipient', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const order = async (who: TestUser, body: Record<string, unknown>, pointId = point) => {
    const l = await makeListing(t.app, seller.id);
    return t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: who.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: pointId, ...body },
    });
  };
  const get = (who: TestUser, id: number) => t.app.inject({ url: `/v1/sales/orders/${id}/`, headers: who.auth });

  it('keeps the name and phone given, normalised, and shows them to the seller only once paid', async () => {
    const res = await order(buyer, {
      recipient_name: '  Мария   Петрова-Водкина ',
      recipient_phone: '8 (916) 123-45-67',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    expect(res.json().order.recipient).toEqual({ name: 'Мария Петрова-Водкина', phone: '+79161234567' });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ recipientName: 'Мария Петрова-Водкина', recipientPhone: '+79161234567' });

    // Unpaid: the seller does not see who the buyer's recipient is.
    expect((await get(seller, id)).json().recipient).toBeNull();
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.orderId, id));
    await chargedAtTestBank(t.app, pay!.providerPaymentId!);
    expect((await testgatewaySuccessNotice(t.app, pay!.providerPaymentId!, pay!.amount)).json().result).toBe('applied');
    expect((await get(seller, id)).json().recipient).toEqual({ name: 'Мария Петрова-Водкина', phone: '+79161234567' });
    const stranger = await makeUser(t.app, 'Ольга');
    expect((await get(stranger, id)).statusCode).toBe(404);
  });

  it('takes the profile name and sign-in phone when left out', async () => {
    const res = await order(buyer, {});
    expect(res.statusCode, res.body).toBe(201);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, buyer.id));
    expect(res.json().order.recipient).toEqual({ name: 'Анна Тестова', phone: u!.phone });
  });

  it('refuses a name without a surname and a wrong phone with 400s in Russian naming each field', async () => {
    const res = await order(buyer, { recipient_name: 'Мария', recipient_phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().recipient_name[0]).toMatch(/имя и фамилию/);
    expect(res.json().recipient_phone[0]).toMatch(/Телефон получателя набран с ошибкой/);

    const digits = await order(buyer, { recipient_name: 'R2D2 Дроид' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().recipient_name[0]).toMatch(/только буквы/);

    const type = await order(buyer, { recipient_name: 42 });
    expect(type.statusCode).toBe(400);
    expect(type.json().recipient_name[0]).toMatch(/Получатель — строка/);

    // A profile with a first name only and no name given: the buyer has to say who collects the parcel.
    const auth = await makeUser(t.app, 'Ира');
    await t.app.db.update(users).set({ firstName: 'Ира', lastName: '' }).where(eq(users.id, auth.id));
    const ownPoint = await makePoint(t.app, auth);
    const nameless = await order(auth, {}, ownPoint);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().recipient_name[0]).toMatch(/имя и фамилию/);
  });

  it('states the fields in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/docs/json' })).json();
    const body = doc.paths['/v1/sales/order/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['recipient_name', 'recipient_phone']));
    const answer = doc.paths['/v1/sales/orders/{id}/'].get.responses['200'].content['application/json'].schema;
    expect(answer.properties.recipient).toBeTruthy();
  });
});
