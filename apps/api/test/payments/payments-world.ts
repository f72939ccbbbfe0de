/**
 * The shop of the payment tests (payments-bank and payments-webhooks in this folder): a seller, a buyer with a
 * pickup point, another user; and the calls that place an order, pay at the test bank, read an order or a listing,
 * and send a signed webhook.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.js';
import { chargedAtTestBank, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers, orders, payments, products } from '../../src/db/schema/index.js';
import { signTestgatewayBody } from '../../src/providers/payments/testgateway-webhook.js';

/**
 * Registers the hooks that start the file's app with its people before its tests (set from the first test on) and
 * close it after them.
 */
export function usePaymentsShop() {
  const w = {} as { t: TestContext; seller: TestUser; buyer: TestUser; other: TestUser; point: number };
  beforeAll(async () => {
    w.t = await createTestApp();
    w.seller = await makeUser(w.t.app, 'Вера');
    w.buyer = await makeUser(w.t.app, 'Анна');
    w.other = await makeUser(w.t.app, 'Борис');
    w.point = await makePoint(w.t.app, w.buyer);
  });
  afterAll(() => w.t?.close());

  const newOrder = async (price = 4990, count = 1, card?: number) => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price, count }]);
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: w.buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.point, ...(card ? { card } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [pay] = await w.t.app.db.select().from(payments).where(eq(payments.id, body.payment.id));
    return { listing: l, order: body.order, payment: body.payment, gatewayId: pay!.providerPaymentId! };
  };
  const payCard = (gatewayId: string, number: string) =>
    w.t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number, exp_month: '12', exp_year: '30', cvc: '123' },
    });
  const orderRow = async (id: number) => (await w.t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const listing = async (id: number) => ({
    status: (await w.t.app.db.select().from(products).where(eq(products.id, id)))[0]!.status,
    stock: (await w.t.app.db.select().from(offers).where(eq(offers.productId, id))).reduce((s, o) => s + o.count, 0),
  });
  const webhook = (raw: string, signature?: string) =>
    w.t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/testgateway/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-testgateway-signature': signature }),
      },
      payload: raw,
    });
  /** The bank's books say the card was charged (its own notice is not sent: the test sends its own). */
  const chargedAtBank = (gatewayId: string) => chargedAtTestBank(w.t.app, gatewayId);
  const sign = (raw: string) => `sha256=${signTestgatewayBody(w.t.app.config.payments.testgatewaySecret, raw)}`;
  return Object.assign(w, { newOrder, payCard, orderRow, listing, webhook, chargedAtBank, sign });
}
