/**
 * Payments through the test bank (issue «Buying»): the provider the web is told, the Russian bank page, a payment
 * that succeeds (order paid, listing sold) or is declined (order cancelled, stock released), bad card fields, the
 * buyer's saved card offered only on the buyer's link, and no card number in any answer. The shop: payments-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { makeCard } from '../buy-fixtures.js';
import { cards, orders, paymentEvents, payments } from '../../src/db/schema/index.js';

const PAN_OK = '4111 1111 1111 1111';
const PAN_DECLINE = '4000 0000 0000 0002';
import { usePaymentsShop } from './payments-world.js';

describe.runIf(dbAvailable())('payments: the test bank', () => {
  const w = usePaymentsShop();
  const { newOrder, payCard, orderRow, listing } = w;

  it('tells the web which provider is on and where new cards are entered', async () => {
    expect((await w.t.app.inject('/v1/public/payments/config/')).json()).toEqual({
      provider: 'testgateway',
      card_form_url: '/testgateway/cards/new',
    });
  });

  it('shows a Russian bank page with the amount and the shop', async () => {
    const { payment, gatewayId } = await newOrder(12990);
    expect(payment.confirmation_url).toMatch(new RegExp(`^/testgateway/pay/${gatewayId}\\?key=[\\w-]{43}$`));
    const page = await w.t.app.inject(payment.confirmation_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const word of ['Витрина', 'Номер карты', 'Срок действия', 'CVC', 'Оплатить', '12 990 ₽'])
      expect(page.body).toContain(word);
    expect((await w.t.app.inject('/testgateway/pay/tg_nope')).statusCode).toBe(404);
  });

  it('succeeds with 4111…: order paid, listing sold, buyer returns to /payment', async () => {
    const { listing: l, order, payment, gatewayId } = await newOrder(4990);
    const res = await payCard(gatewayId, PAN_OK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'succeeded',
      return_url: `${w.t.config.publicUrl}/payment?order=${order.id}`,
    });
    expect(res.body).not.toContain('4111');
    const o = await orderRow(order.id);
    expect(o.status).toBe('paid');
    expect(o.paidAt).toBeInstanceOf(Date);
    expect(await listing(l.id)).toEqual({ status: 'sold', stock: 0 });
    const st = await w.t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: w.buyer.auth });
    expect(st.json()).toEqual({
      id: payment.id,
      status: 'succeeded',
      order_id: order.id,
      order_number: order.number,
      order_status: 'paid',
    });
    const view = await w.t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: w.buyer.auth });
    expect(view.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    // paying again is refused; the bank page says it is done
    expect((await payCard(gatewayId, PAN_OK)).statusCode).toBe(400);
    expect((await w.t.app.inject(`/testgateway/pay/${gatewayId}`)).body).toContain('уже оплачен');
    // the timer leaves paid orders alone
    w.t.clock.advance(20 * 60_000);
    await w.t.app.jobs.runDue();
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('declines 4000…0002: order cancelled, stock released, listing active', async () => {
    const { listing: l, order, payment, gatewayId } = await newOrder(3000);
    expect(await listing(l.id)).toEqual({ status: 'reserved', stock: 0 });
    const res = await payCard(gatewayId, PAN_DECLINE);
    expect(res.json()).toEqual({ status: 'canceled', return_url: `${w.t.config.publicUrl}/payment?order=${order.id}` });
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
    expect((await w.t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: w.buyer.auth })).json()).toMatchObject({
      status: 'canceled',
      order_status: 'cancelled',
    });
  });

  it('rejects bad card fields at the bank with Russian field errors', async () => {
    const { gatewayId, order } = await newOrder(1500);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number: '1234', exp_month: 1, exp_year: 2020, cvc: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['cvc', 'exp_year', 'number']);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    for (const payload of ['{', '[]', '"x"']) {
      const r = await w.t.app.inject({
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
    const cardId = await makeCard(w.t.app, w.buyer, '2200 0000 0000 0004');
    const { order, payment, gatewayId } = await newOrder(2200, 1, cardId);
    expect(order.card).toEqual({ brand: 'Мир', last4: '0004' });
    // The seller's view of the order never carries the buyer's payment link; the buyer's does.
    const asSeller = await w.t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: w.seller.auth });
    expect(asSeller.statusCode).toBe(200);
    expect(asSeller.json().payment.confirmation_url).toBeNull();
    expect(asSeller.body).not.toContain(gatewayId);
    const sellerList = await w.t.app.inject({ url: '/v1/sales/orders/seller/', headers: w.seller.auth });
    expect(sellerList.body).not.toContain(gatewayId);
    const asBuyer = await w.t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: w.buyer.auth });
    expect(asBuyer.json().payment.confirmation_url).toBe(payment.confirmation_url);
    // The buyer's link shows the card by its last four; no token is ever in the page.
    const page = await w.t.app.inject(payment.confirmation_url);
    expect(page.body).toContain('Мир •••• 0004');
    expect(page.body).not.toMatch(/tok_[0-9a-f]{32}/);
    // Without the payment's key (or with another payment's) the page shows no saved card.
    const other = await newOrder(2300, 1, cardId);
    const otherKey = new URL(other.payment.confirmation_url, 'http://x').searchParams.get('key');
    for (const url of [`/testgateway/pay/${gatewayId}`, `/testgateway/pay/${gatewayId}?key=${otherKey}`]) {
      const bare = await w.t.app.inject(url);
      expect(bare.statusCode).toBe(200);
      expect(bare.body).not.toContain('0004');
      expect(bare.body).not.toMatch(/tok_[0-9a-f]{32}/);
    }
    const key = new URL(payment.confirmation_url, 'http://x').searchParams.get('key')!;
    const ref = page.body.match(/name="pay" value="([\w-]{22})"/)![1]!;
    const pay = (payload: Record<string, string>) =>
      w.t.app.inject({ method: 'POST', url: `/testgateway/api/payments/${gatewayId}/pay`, payload });
    // A saved card is taken only with this payment's key; a raw token is not a way to pay.
    const [row] = await w.t.app.db.select().from(cards).where(eq(cards.id, cardId));
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

  it('never returns a card number in any answer', async () => {
    const { order, gatewayId } = await newOrder(1234);
    const paid = await payCard(gatewayId, PAN_OK);
    const answers = [
      paid.body,
      (await w.t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: w.buyer.auth })).body,
      (await w.t.app.inject({ url: '/v1/sales/orders/', headers: w.buyer.auth })).body,
      (await w.t.app.inject({ url: '/v1/sales/orders/seller/', headers: w.seller.auth })).body,
      (await w.t.app.inject({ url: '/v1/self/cards/', headers: w.buyer.auth })).body,
    ];
    // (the bank page itself prints the public test-card numbers as a hint, so it is not in this list)
    for (const a of answers) {
      expect(a).not.toContain('4111111111111111');
      expect(a).not.toContain('2200000000000004');
    }
    const stored = JSON.stringify([
      await w.t.app.db.select().from(payments),
      await w.t.app.db.select().from(paymentEvents),
      await w.t.app.db.select().from(orders),
    ]);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('4111 1111');
  });
});
