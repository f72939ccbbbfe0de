/**
 * Payment webhooks (issue «Buying»): the same notice applied once, bad signatures refused, a payment after the
 * reservation ran out (taken while the item is there, refunded when it was sold meanwhile), and the payment status
 * shown only to the buyer. The shop: payments-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { makePoint, makeUser } from '../buy-fixtures.js';
import { paymentEvents } from '../../src/db/schema/index.js';

import { usePaymentsShop } from './payments-world.js';

describe.runIf(dbAvailable())('payments: webhooks and late payments', () => {
  const w = usePaymentsShop();
  const { newOrder, orderRow, listing, webhook, chargedAtBank, sign } = w;

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
    const events = await w.t.app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_same_twice'));
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
    w.t.clock.advance(15 * 60_000 + 1);
    await w.t.app.jobs.runDue();
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
    w.t.clock.advance(15 * 60_000 + 1);
    await w.t.app.jobs.runDue();
    const rival = await makeUser(w.t.app, 'Глеб');
    const rivalPoint = await makePoint(w.t.app, rival);
    const taken = await w.t.app.inject({
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
    expect((await w.t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: w.other.auth })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: w.seller.auth })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: `/v1/payments/${payment.id}/` })).statusCode).toBe(401);
    expect((await w.t.app.inject({ url: '/v1/payments/not-a-uuid/', headers: w.buyer.auth })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: w.buyer.auth })).json().status).toBe(
      'pending',
    );
  });
});
