/**
 * Fixtures for the buying tests (delivery, cards, orders, payments, yookassa): users with tokens, listings with
 * exact stock, saved delivery points and test-gateway cards — all but the user/listing rows go through HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authTokens, offers, payments, products, testgatewayPayments, users } from '../src/db/schema/index.js';
import { signTestgatewayBody } from '../src/providers/payments/testgateway-webhook.js';
import { hashToken, newTokenKey } from '../src/plugins/auth.js';
import { multipart, randomPhone } from './helpers.js';

export interface TestUser {
  id: number;
  auth: { authorization: string };
}

/** A user with a valid token (inserted directly: quick and independent of the sign-in flow). */
export async function makeUser(app: FastifyInstance, firstName = 'Анна'): Promise<TestUser> {
  const [u] = await app.db.insert(users).values({ phone: randomPhone(), firstName, lastName: 'Тестова' }).returning();
  const key = newTokenKey();
  await app.db.insert(authTokens).values({ userId: u!.id, keyHash: hashToken(key) });
  return { id: u!.id, auth: { authorization: `Token ${key}` } };
}

/** An active listing of `ownerId` with the given offers (prices in rubles). */
export async function makeListing(
  app: FastifyInstance,
  ownerId: number,
  offerList: { size: string; price: number; count: number }[] = [{ size: 'M', price: 4990, count: 1 }],
  title = 'Тренч из хлопка',
) {
  const slug = `test-${randomBytes(5).toString('hex')}`;
  const [p] = await app.db
    .insert(products)
    .values({
      slug,
      ownerId,
      title,
      type: 'women',
      condition: 'excellent',
      status: 'active',
      minPrice: Math.min(...offerList.map((o) => o.price * 100)),
      publishedAt: new Date(),
    })
    .returning();
  await app.db
    .insert(offers)
    .values(offerList.map((o) => ({ productId: p!.id, size: o.size, price: o.price * 100, count: o.count })));
  return { id: p!.id, slug };
}

/** Saves a delivery point through the API; returns its id. */
export async function makePoint(app: FastifyInstance, user: TestUser): Promise<number> {
  const form = multipart({
    name: 'Дом',
    address: 'г. Москва, ул. Тверская, д. 7',
    point_id: 'MSK001',
    delivery_service_type: 'cdek',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/v1/delivery_points/',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`delivery point ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** Tokenizes a card at the test gateway; returns the token. */
export async function gatewayToken(app: FastifyInstance, number = '4111 1111 1111 1111'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/testgateway/api/cards/',
    payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  if (res.statusCode !== 200) throw new Error(`card token ${res.statusCode}: ${res.body}`);
  return (res.json() as { card_token: string }).card_token;
}

/** Opens a card form as the user (`POST /v1/user/card-form/`); returns its `card_state`. */
export async function cardState(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/user/card-form/', headers: user.auth });
  if (res.statusCode !== 201) throw new Error(`card form ${res.statusCode}: ${res.body}`);
  return (res.json() as { card_state: string }).card_state;
}

/** Saves a card for the user (card form → gateway token → add-card); returns the card id. */
export async function makeCard(app: FastifyInstance, user: TestUser, number?: string): Promise<number> {
  const form = multipart({ card_token: await gatewayToken(app, number), card_state: await cardState(app, user) });
  const res = await app.inject({
    method: 'POST',
    url: '/v1/user/add-card/',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`add card ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/**
 * Places a one-piece order of `slug` (size M) through `POST /v1/sales/order/` as `buyer`.
 * @returns the answer's order and payment, our payment row and the test gateway's payment id
 * @throws Error with the answer when it is not 201
 */
export async function placeOrder(app: FastifyInstance, buyer: TestUser, slug: string, point: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/sales/order/',
    headers: buyer.auth,
    payload: { items: [{ slug, size: 'M', count: 1 }], delivery_point: point },
  });
  if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
  const body = res.json() as { order: { id: number; total: number }; payment: { id: string } };
  const [row] = await app.db.select().from(payments).where(eq(payments.id, body.payment.id));
  return { order: body.order, payment: body.payment, row: row!, gatewayId: row!.providerPaymentId! };
}

/**
 * The test bank's books say the card was charged (no notice sent): the shop's webhook asks the bank, so a
 * notice counts only after this.
 */
export async function chargedAtTestBank(app: FastifyInstance, gatewayId: string): Promise<void> {
  await app.db.update(testgatewayPayments).set({ status: 'succeeded' }).where(eq(testgatewayPayments.id, gatewayId));
}

/**
 * The test bank's signed «payment.succeeded» notice for `gatewayId`, sent to the shop's webhook.
 * @param amount kopecks, as the bank reports them
 */
export function testgatewaySuccessNotice(app: FastifyInstance, gatewayId: string, amount: number, eventId?: string) {
  const raw = JSON.stringify({
    event_id: eventId ?? `evt_${gatewayId}`,
    event: 'payment.succeeded',
    payment: { id: gatewayId, status: 'succeeded', amount, metadata: {} },
  });
  return app.inject({
    method: 'POST',
    url: '/v1/payments/webhook/testgateway/',
    headers: {
      'content-type': 'application/json',
      'x-testgateway-signature': `sha256=${signTestgatewayBody(app.config.payments.testgatewaySecret, raw)}`,
    },
    payload: raw,
  });
}

/**
 * Places a one-piece order of `slug` ({@link placeOrder}) and has the bank take the money: the test bank's payment
 * succeeds and its signed notice is applied (the order is `paid`).
 * @throws Error when the notice is not applied
 */
export async function placePaidOrder(app: FastifyInstance, buyer: TestUser, slug: string, point: number) {
  const placed = await placeOrder(app, buyer, slug, point);
  await chargedAtTestBank(app, placed.gatewayId);
  const res = await testgatewaySuccessNotice(app, placed.gatewayId, placed.row.amount);
  if ((res.json() as { result?: string }).result !== 'applied') throw new Error(`notice: ${res.body}`);
  return placed;
}

/**
 * The seller ships a paid order and the buyer confirms receipt, through the API (the order is `completed`).
 * @throws Error with the answer when either is not 200
 */
export async function shipAndConfirm(app: FastifyInstance, seller: TestUser, buyer: TestUser, orderId: number) {
  const ship = await app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${orderId}/ship/`,
    headers: seller.auth,
    payload: { tracking_number: '1234567890' },
  });
  if (ship.statusCode !== 200) throw new Error(`ship ${ship.statusCode}: ${ship.body}`);
  const done = await app.inject({ method: 'POST', url: `/v1/sales/orders/${orderId}/confirm/`, headers: buyer.auth });
  if (done.statusCode !== 200) throw new Error(`confirm ${done.statusCode}: ${done.body}`);
  return done;
}
