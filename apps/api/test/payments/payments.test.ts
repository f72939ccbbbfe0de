import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { chargedAtTestBank, makeCard, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { cards, offers, orders, paymentEvents, payments, products } from '../../src/db/schema/index.js';
import { signTestgatewayBody } from '../../src/providers/payments/testgateway-webhook.js';

const PAN_OK = '4111 1111 1111 1111';
const PAN_DECLINE = '4000 0000 0000 0002';

describe.runIf(dbAvailable())('payments: test gateway and webhooks', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    other = await makeUser(t.app, 'Борис');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const newOrder = async (price = 4990, count = 1, card?: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point, ...(card ? { card } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, body.payment.id));
    return { listing: l, order: body.order, payment: body.payment, gatewayId: pay!.providerPaymentId! };
  };
  const payCard = (gatewayId: string, number: string) =>
    t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number, exp_month: '12', exp_year: '30', cvc: '123' },
    });
  const orderRow = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const listing = async (id: number) => ({
    status: (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!.status,
    stock: (await t.app.db.select().from(offers).where(eq(offers.productId, id))).reduce((s, o) => s + o.count, 0),
  });
  const webhook = (raw: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/testgateway/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-testgateway-signature': signature }),
      },
      payload: raw,
    });
  /** The bank's books say the card was charged (its own notice is not sent: the test sends its own). */
  const chargedAtBank = (gatewayId: string) => chargedAtTestBank(t.app, gatewayId);
  const sign = (raw: string) => `sha256=${signTestgatewayBody(t.app.config.payments.testgatewaySecret, raw)}`;

  it('tells the web which provider is on and where new cards are entered', async () => {
    expect((await t.app.inject('/v1/public/payments/config/')).json()).toEqual({
      provider: 'testgateway',
      card_form_url: '/testgateway/cards/new',
    });
  });

  it('shows a Russian bank page with the amount and the shop', async () => {
    const { payment, gatewayId } = await newOrder(12990);
    expect(payment.confirmation_url).toMatch(new RegExp(`^/testgateway/pay/${gatewayId}\\?key=[\\w-]{43}$`));
    const page = await t.app.inject(payment.confirmation_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const word of ['Витрина', 'Номер карты', 'Срок действия', 'CVC', 'Оплатить', '12 990 ₽'])
      expect(page.body).toContain(word);
    expect((await t.app.inject('/testgateway/pay/tg_nope')).statusCode).toBe(404);
  });

  it('succeeds with 4111…: order paid, listing sold, buyer returns to /payment', async () => {
    const { listing: l, order, payment, gatewayId } = await newOrder(4990);
    const res = await payCard(gatewayId, PAN_OK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', return_url: `${t.config.publicUrl}/payment?order=${order.id}` });
    expect(res.body).not.toContain('4111');
    const o = await orderRow(order.id);
    expect(o.status).toBe('paid');
    expect(o.paidAt).toBeInstanceOf(Date);
    expect(await listing(l.id)).toEqual({ status: 'sold', stock: 0 });
    const st = await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: buyer.auth });
    expect(st.json()).toEqual({
      id: payment.id,
      status: 'succeeded',
      order_id: order.id,
      order_number: order.number,
      order_status: 'paid',
    });
    const view = await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth });
    expect(view.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    // paying again is refused; the bank page says it is done
    expect((await payCard(gatewayId, PAN_OK)).statusCode).toBe(400);
    expect((await t.app.inject(`/testgateway/pay/${gatewayId}`)).body).toContain('уже оплачен');
    // the timer leaves paid orders alone
    t.clock.advance(20 * 60_000);
    await t.app.jobs.runDue();
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('declines 4000…0002: order cancelled, stock released, listing active', async () => {
    const { listing: l, order, payment, gatewayId } = await newOrder(3000);
    expect(await listing(l.id)).toEqual({ status: 'reserved', stock: 0 });
    const res = await payCard(gatewayId, PAN_DECLINE);
    expect(res.json()).toEqual({ status: 'canceled', return_url: `${t.config.publicUrl}/payment?order=${order.id}` });
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
    expect((await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: buyer.auth })).json()).toMatchObject({
      status: 'canceled',
      order_status: 'cancelled',
    });
  });

  it('rejects bad card fields at the bank with Russian field errors', async () => {
    const { gatewayId, order } = await newOrder(1500);
    const res = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number: '1234', exp_month: 1, exp_year: 2020, cvc: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['cvc', 'exp_year', 'number']);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    for (const payload of ['{', '[]', '"x"']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/testgateway/api/payments/${gatewayId}/pay`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });

  it('offers the buyer’s saved card only on the buyer’s link, by reference, and pays with it', async () => {
    const cardId = await makeCard(t.app, buyer, '2200 0000 0000 0004');
    const { order, payment, gatewayId } = await newOrder(2200, 1, cardId);
    expect(order.card).toEqual({ brand: 'Мир', last4: '0004' });
    // The seller's view of the order never carries the buyer's payment link; the buyer's does.
    const asSeller = await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: seller.auth });
    expect(asSeller.statusCode).toBe(200);
    expect(asSeller.json().payment.confirmation_url).toBeNull();
    expect(asSeller.body).not.toContain(gatewayId);
    const sellerList = await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth });
    expect(sellerList.body).not.toContain(gatewayId);
    const asBuyer = await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth });
    expect(asBuyer.json().payment.confirmation_url).toBe(payment.confirmation_url);
    // The buyer's link shows the card by its last four; no token is ever in the page.
    const page = await t.app.inject(payment.confirmation_url);
    expect(page.body).toContain('Мир •••• 0004');
    expect(page.body).not.toMatch(/tok_[0-9a-f]{32}/);
    // Without the payment's key (or with another payment's) the page shows no saved card.
    const other = await newOrder(2300, 1, cardId);
    const otherKey = new URL(other.payment.confirmation_url, 'http://x').searchParams.get('key');
    for (const url of [`/testgateway/pay/${gatewayId}`, `/testgateway/pay/${gatewayId}?key=${otherKey}`]) {
      const bare = await t.app.inject(url);
      expect(bare.statusCode).toBe(200);
      expect(bare.body).not.toContain('0004');
      expect(bare.body).not.toMatch(/tok_[0-9a-f]{32}/);
    }
    const key = new URL(payment.confirmation_url, 'http://x').searchParams.get('key')!;
    const ref = page.body.match(/name="pay" value="([\w-]{22})"/)![1]!;
    const pay = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/testgateway/api/payments/${gatewayId}/pay`, payload });
    // A saved card is taken only with this payment's key; a raw token is not a way to pay.
    const [row] = await t.app.db.select().from(cards).where(eq(cards.id, cardId));
    const refusedBodies: Record<string, string>[] = [
      { card: ref },
      { key: otherKey!, card: ref },
      { key, card: 'x' },
      { card_token: row!.token },
    ];
    for (const payload of refusedBodies) {
      const refused = await pay(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    const res = await pay({ key, card: ref });
    expect(res.json().status).toBe('succeeded');
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('applies the same webhook once, refuses bad signatures', async () => {
    const { order, gatewayId, listing: l } = await newOrder(5000);
    const event = {
      event_id: 'evt_same_twice',
      event: 'payment.succeeded',
      payment: { id: gatewayId, status: 'succeeded', amount: 500000, metadata: { order_id: String(order.id) } },
    };
    const raw = JSON.stringify(event);
    expect((await webhook(raw)).statusCode).toBe(401);
    expect((await webhook(raw, 'sha256=deadbeef')).statusCode).toBe(401);
    expect((await webhook(raw, sign(`${raw} `))).statusCode).toBe(401);
    expect((await webhook(raw.replace('500000', '1'), sign(raw))).statusCode).toBe(401);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    // a signed notice of a charge the bank has not made changes nothing (the shop asks the bank)
    expect((await webhook(raw, sign(raw))).json()).toEqual({ success: true, result: 'pending' });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');

    await chargedAtBank(gatewayId);
    const [first, second] = [await webhook(raw, sign(raw)), await webhook(raw, sign(raw))];
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, result: 'applied' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, result: 'duplicate' });
    const paid = await orderRow(order.id);
    expect(paid.status).toBe('paid');
    expect(await listing(l.id)).toEqual({ status: 'sold', stock: 0 });
    const events = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_same_twice'));
    expect(events).toHaveLength(1);
    // a later contradicting event changes nothing
    const cancel = JSON.stringify({
      ...event,
      event_id: 'evt_late_cancel',
      event: 'payment.canceled',
      payment: { ...event.payment, status: 'canceled' },
    });
    expect((await webhook(cancel, sign(cancel))).json().result).toBe('ignored');
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await orderRow(order.id)).paidAt!.getTime()).toBe(paid.paidAt!.getTime());

    // signed garbage is a 400, never a 500
    for (const body of [
      '{',
      '[]',
      '{"event_id":1}',
      JSON.stringify({ event_id: 'x', payment: { id: 'tg_x', status: 'weird', amount: 1 } }),
    ]) {
      const r = await webhook(body, sign(body));
      expect(r.statusCode, body).toBe(400);
    }
    // unknown payment: accepted and ignored
    const unknown = JSON.stringify({
      ...event,
      event_id: 'evt_unknown',
      payment: { ...event.payment, id: 'tg_unknown' },
    });
    expect((await webhook(unknown, sign(unknown))).json().result).toBe('ignored');
    // a wrong amount in the body: the bank's own books count (the payment is still pending there)
    const { order: o2, gatewayId: g2 } = await newOrder(5000);
    const cheap = JSON.stringify({
      ...event,
      event_id: 'evt_cheap',
      payment: { ...event.payment, id: g2, amount: 100 },
    });
    expect((await webhook(cheap, sign(cheap))).json().result).toBe('pending');
    expect((await orderRow(o2.id)).status).toBe('awaiting_payment');
  });

  it('takes a payment that arrives after the reservation ran out if the item is still there', async () => {
    const { order, gatewayId, listing: l } = await newOrder(7000);
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
    // the bank had already taken the money (its webhook arrives late)
    await chargedAtBank(gatewayId);
    const raw = JSON.stringify({
      event_id: 'evt_late',
      event: 'payment.succeeded',
      payment: { id: gatewayId, status: 'succeeded', amount: 700000, metadata: {} },
    });
    expect((await webhook(raw, sign(raw))).json().result).toBe('applied');
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await listing(l.id)).toEqual({ status: 'sold', stock: 0 });
  });

  it('keeps a late-paid order cancelled (refund note) when the item was sold meanwhile', async () => {
    const { order, gatewayId, listing: l } = await newOrder(8000);
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    const rival = await makeUser(t.app, 'Глеб');
    const rivalPoint = await makePoint(t.app, rival);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: rival.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: rivalPoint },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    await chargedAtBank(gatewayId);
    const raw = JSON.stringify({
      event_id: 'evt_too_late',
      event: 'payment.succeeded',
      payment: { id: gatewayId, status: 'succeeded', amount: 800000, metadata: {} },
    });
    expect((await webhook(raw, sign(raw))).json().result).toBe('applied');
    const o = await orderRow(order.id);
    expect(o.status).toBe('cancelled');
    expect(o.cancelReason).toMatch(/возвращены/);
    expect(await listing(l.id)).toEqual({ status: 'reserved', stock: 0 });
    expect((await orderRow(taken.json().order.id)).status).toBe('awaiting_payment');
  });

  it('shows payment status only to the buyer', async () => {
    const { payment } = await newOrder(1000);
    expect((await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: seller.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/payments/${payment.id}/` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/payments/not-a-uuid/', headers: buyer.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: buyer.auth })).json().status).toBe(
      'pending',
    );
  });

  it('never returns a card number in any answer', async () => {
    const { order, gatewayId } = await newOrder(1234);
    const paid = await payCard(gatewayId, PAN_OK);
    const answers = [
      paid.body,
      (await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth })).body,
      (await t.app.inject({ url: '/v1/sales/orders/', headers: buyer.auth })).body,
      (await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth })).body,
      (await t.app.inject({ url: '/v1/self/cards/', headers: buyer.auth })).body,
    ];
    // (the bank page itself prints the public test-card numbers as a hint, so it is not in this list)
    for (const a of answers) {
      expect(a).not.toContain('4111111111111111');
      expect(a).not.toContain('2200000000000004');
    }
    const stored = JSON.stringify([
      await t.app.db.select().from(payments),
      await t.app.db.select().from(paymentEvents),
      await t.app.db.select().from(orders),
    ]);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('4111 1111');
  });
});
