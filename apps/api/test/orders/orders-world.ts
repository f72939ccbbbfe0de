/**
 * The shop of the order tests (orders-lifecycle and orders-refusals in this folder): a 10 % fee with a 300 ₽ minimum,
 * a seller, a buyer and another user with pickup points; and the calls that order, read stock and status, and pay.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.js';
import { makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers, products } from '../../src/db/schema/index.js';

/**
 * Registers the hooks that start the file's app with its people before its tests (set from the first test on) and
 * close it after them.
 */
export function useOrdersShop() {
  const w = {} as {
    t: TestContext;
    seller: TestUser;
    buyer: TestUser;
    other: TestUser;
    buyerPoint: number;
    otherPoint: number;
  };
  beforeAll(async () => {
    w.t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '300' });
    w.seller = await makeUser(w.t.app, 'Вера');
    w.buyer = await makeUser(w.t.app, 'Анна');
    w.other = await makeUser(w.t.app, 'Борис');
    w.buyerPoint = await makePoint(w.t.app, w.buyer);
    w.otherPoint = await makePoint(w.t.app, w.other);
  });
  afterAll(() => w.t?.close());

  const order = (user: TestUser, body: unknown) =>
    w.t.app.inject({ method: 'POST', url: '/v1/sales/order/', headers: user.auth, payload: body as object });
  const stock = async (productId: number) =>
    (await w.t.app.db.select().from(offers).where(eq(offers.productId, productId))).reduce((s, o) => s + o.count, 0);
  const status = async (productId: number) =>
    (await w.t.app.db.select().from(products).where(eq(products.id, productId)))[0]!.status;
  const pay = async (paymentId: string, number = '4111 1111 1111 1111') => {
    const [row] = await w.t.app.db
      .select()
      .from((await import('../../src/db/schema/index.js')).payments)
      .where(eq((await import('../../src/db/schema/index.js')).payments.id, paymentId));
    return w.t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${row!.providerPaymentId}/pay`,
      payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
  };
  return Object.assign(w, { order, stock, status, pay });
}
