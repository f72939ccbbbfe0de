/**
 * The world of the domain-event notification tests (notifications-events.test.ts, notifications-listings.test.ts):
 * one app listening on a free port with the job poller off and a 10 % fee, a seller, a buyer with a pickup point;
 * and the calls that emit `listing.published`, list a user's notifications, read the SMS sent to a user, place an
 * order through the API and pay it at the test gateway. Call {@link useEventsWorld} at the top of a `describe`.
 */
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Notification } from '@vitrina/contract/notifications';
import { payments, productPhotos, users } from '../../src/db/schema/index.js';
import type { EventFacts } from '../../src/modules/jobs/index.js';
import { createTestApp, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';

/**
 * Registers the hooks that start the file's app with its people before its tests (set from the first test on) and
 * close it after them; returns the world with its calls.
 */
export function useEventsWorld() {
  const w = {} as { t: TestContext; base: string; seller: TestUser; buyer: TestUser; point: number };

  const emit = (payload: EventFacts<'listing.published'>) =>
    w.t.app.db.transaction((tx) => w.t.app.events.emit(tx, 'listing.published', payload));
  const emitAndRun = async (payload: EventFacts<'listing.published'>) => {
    await emit(payload);
    await w.t.app.jobs.runDue();
  };
  /** The user's notifications, newest first (through the REST call). */
  const listOf = async (u: TestUser): Promise<Notification[]> =>
    (await w.t.app.inject({ url: '/v1/notifications/?page_size=100', headers: u.auth })).json().results;
  const phoneOf = async (u: TestUser) =>
    (await w.t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, u.id)))[0]!.phone!;
  const smsTo = async (u: TestUser) =>
    (await w.t.app.inject({ url: `/v1/dev/sms-outbox/?phone=${encodeURIComponent(await phoneOf(u))}` })).json()
      .results as { text: string }[];

  /** An order of one listing by `buyer`, through the API. */
  const order = async (title = 'Тренч из хлопка', price = 4990, photo?: string) => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price, count: 1 }], title);
    if (photo) await w.t.app.db.insert(productPhotos).values({ productId: l.id, key: photo, width: 800, height: 1000 });
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: w.buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.point },
    });
    if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
    const body = res.json() as { order: { id: number; number: string }; payment: { id: string } };
    return { id: body.order.id, number: body.order.number, paymentId: body.payment.id, listing: l };
  };
  /** Pays at the test gateway (the declined card fails). */
  const pay = async (paymentId: string, number = '4111 1111 1111 1111') => {
    const [row] = await w.t.app.db.select().from(payments).where(eq(payments.id, paymentId));
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${row!.providerPaymentId}/pay`,
      payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    return (res.json() as { status: string }).status;
  };

  beforeAll(async () => {
    w.t = await createTestApp({ JOBS_POLL_MS: '0', FEE_PERCENT: '10', FEE_MIN_RUB: '0' });
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    w.base = `http://127.0.0.1:${(w.t.app.server.address() as { port: number }).port}`;
    w.seller = await makeUser(w.t.app, 'Вера');
    w.buyer = await makeUser(w.t.app, 'Анна');
    w.point = await makePoint(w.t.app, w.buyer);
  });
  afterAll(() => w.t?.close());

  return Object.assign(w, { emit, emitAndRun, listOf, smsTo, order, pay });
}
