/**
 * Orders through HTTP (issue «Buying»): an order created (stock reserved, fee and payout recorded, a payment opened),
 * an unpaid reservation released after 15 minutes, a cancel by the buyer, a paid order through shipping and receipt,
 * and the buyer's and seller's lists as DRF pages — counting the orders of the tests before. The shop: orders-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { makeListing, type TestUser } from '../buy-fixtures.js';
import { users } from '../../src/db/schema/index.js';
import { useOrdersShop } from './orders-world.js';

describe.runIf(dbAvailable())('orders: from creation to receipt', () => {
  const w = useOrdersShop();
  const { order, stock, status, pay } = w;

  it('creates an order: reserves stock, records fee and payout, opens a payment', async () => {
    // The seller has an avatar: its URL is one of the avatar variants (96/256/512), not a photo width.
    await w.t.app.db.update(users).set({ avatar: 'a/ab/abcdef' }).where(eq(users.id, w.seller.id));
    const l = await makeListing(w.t.app, w.seller.id, [
      { size: 'S', price: 4990, count: 1 },
      { size: 'M', price: 5490, count: 2 },
    ]);
    const res = await order(w.buyer, {
      items: [
        { slug: l.slug, size: 's', count: 1 },
        { slug: l.slug, size: 'M', count: 1 },
      ],
      delivery_point: w.buyerPoint,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.order).toMatchObject({
      number: expect.stringMatching(/^V-2611-\d{6}$/),
      status: 'awaiting_payment',
      status_label: 'Ожидает оплаты',
      role: 'buyer',
      total: 10480,
      fee: 1048,
      payout: 9432,
      delivery_point: { id: w.buyerPoint, delivery_service_type: 'cdek', point_id: 'MSK001' },
      seller: { id: w.seller.id, first_name: 'Вера', avatar: '/media/a/ab/abcdef/96.webp' },
      buyer: { id: w.buyer.id, avatar: null },
      reserved_until: '2026-11-22T12:15:00.000Z',
      card: null,
    });
    expect(body.order.items).toEqual([
      expect.objectContaining({ slug: l.slug, size: 'S', price: 4990, count: 1, title: 'Тренч из хлопка' }),
      expect.objectContaining({ slug: l.slug, size: 'M', price: 5490, count: 1 }),
    ]);
    expect(body.payment).toEqual({
      id: expect.any(String),
      status: 'pending',
      confirmation_url: expect.stringMatching(/^\/testgateway\/pay\/tg_/),
    });
    expect(await stock(l.id)).toBe(1);
    expect(await status(l.id)).toBe('active');

    const single = await makeListing(w.t.app, w.seller.id, [{ size: 'One size', price: 1000, count: 1 }]);
    const small = (
      await order(w.buyer, { items: [{ slug: single.slug, size: 'one size', count: 1 }], delivery_point: w.buyerPoint })
    ).json();
    expect(small.order).toMatchObject({ total: 1000, fee: 300, payout: 700 });
    expect(await status(single.id)).toBe('reserved');
  });

  it('releases an unpaid reservation after 15 minutes (injected clock)', async () => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const created = (
      await order(w.buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.buyerPoint })
    ).json();
    expect(await status(l.id)).toBe('reserved');
    w.t.clock.advance(15 * 60_000 - 1000);
    await w.t.app.jobs.runDue();
    expect(
      (await w.t.app.inject({ url: `/v1/sales/orders/${created.order.id}/`, headers: w.buyer.auth })).json().status,
    ).toBe('awaiting_payment');
    // someone else cannot buy it meanwhile
    expect(
      (await order(w.other, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.otherPoint }))
        .statusCode,
    ).toBe(409);

    w.t.clock.advance(1001);
    // the sweep (the server's timer) releases it: the other buyer gets it
    expect(await w.t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const second = await order(w.other, {
      items: [{ slug: l.slug, size: 'M', count: 1 }],
      delivery_point: w.otherPoint,
    });
    expect(second.statusCode, second.body).toBe(201);
    const first = (
      await w.t.app.inject({ url: `/v1/sales/orders/${created.order.id}/`, headers: w.buyer.auth })
    ).json();
    expect(first).toMatchObject({
      status: 'cancelled',
      cancel_reason: expect.stringMatching(/истекло/),
      payment: { status: 'canceled' },
    });
    // the old bank page no longer takes money
    expect((await pay(created.payment.id)).statusCode).toBe(400);

    // and the second order's reservation too: stock back, listing active again
    w.t.clock.advance(15 * 60_000 + 1);
    expect(await w.t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await stock(l.id)).toBe(1);
    expect(await status(l.id)).toBe('active');
  });

  it('lets the buyer cancel an unpaid order, once', async () => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const created = (
      await order(w.buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.buyerPoint })
    ).json();
    const url = `/v1/sales/orders/${created.order.id}/cancel/`;
    // The seller may cancel only a paid order (with a reason): an unpaid one is refused in Russian.
    const bySeller = await w.t.app.inject({
      method: 'POST',
      url,
      headers: w.seller.auth,
      payload: { reason: 'Нет в наличии' },
    });
    expect(bySeller.statusCode).toBe(400);
    expect(bySeller.json().detail).toMatch(/Нельзя отменить заказ: заказ в статусе «Ожидает оплаты»/);
    expect((await w.t.app.inject({ method: 'POST', url, headers: w.other.auth })).statusCode).toBe(404);
    const res = await w.t.app.inject({ method: 'POST', url, headers: w.buyer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', status_label: 'Отменён' });
    expect(await stock(l.id)).toBe(1);
    expect(await status(l.id)).toBe('active');
    const again = await w.t.app.inject({ method: 'POST', url, headers: w.buyer.auth });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/Отменён/);
  });

  it('moves a paid order through shipping and receipt; only the right side may act', async () => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price: 3100, count: 1 }]);
    const created = (
      await order(w.buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: w.buyerPoint })
    ).json();
    const id = created.order.id;
    const ship = (u: TestUser, tracking = '1234567890') =>
      w.t.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${id}/ship/`,
        headers: u.auth,
        payload: { tracking_number: tracking },
      });
    const confirm = (u: TestUser) =>
      w.t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/confirm/`, headers: u.auth });

    expect((await ship(w.seller)).statusCode).toBe(400); // not paid yet
    expect((await pay(created.payment.id)).json().status).toBe('succeeded');
    expect(await status(l.id)).toBe('sold');
    expect((await ship(w.buyer)).statusCode).toBe(404);
    expect((await ship(w.other)).statusCode).toBe(404);
    expect((await ship(w.seller, '')).statusCode).toBe(400);
    expect((await confirm(w.buyer)).statusCode).toBe(400); // not shipped yet
    const shipped = await ship(w.seller);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      tracking_number: '1234567890',
      role: 'seller',
      shipped_at: expect.any(String),
    });
    expect((await ship(w.seller)).statusCode).toBe(400);
    expect((await confirm(w.seller)).statusCode).toBe(404);
    expect((await confirm(w.other)).statusCode).toBe(404);
    const done = await confirm(w.buyer);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await confirm(w.buyer)).statusCode).toBe(400);
    const cancel = await w.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${id}/cancel/`,
      headers: w.buyer.auth,
    });
    expect(cancel.statusCode).toBe(400);
  });

  it('lists buyer and seller orders as DRF pages with filters; others see nothing', async () => {
    const filters = (await w.t.app.inject('/v1/sales/order-filters/')).json();
    expect(filters.map((f: { value: string }) => f.value)).toEqual([
      'all',
      'awaiting_payment',
      'paid',
      'shipped',
      'delivered',
      'disputed',
      'completed',
      'refunded',
      'cancelled',
    ]);
    expect(filters[0]).toEqual({ value: 'all', label: 'Все' });

    const mine = (await w.t.app.inject({ url: '/v1/sales/orders/?page_size=100', headers: w.buyer.auth })).json();
    expect(mine.count).toBeGreaterThanOrEqual(5);
    expect(
      mine.results.every(
        (o: { buyer: { id: number }; role: string }) => o.buyer.id === w.buyer.id && o.role === 'buyer',
      ),
    ).toBe(true);
    const cancelled = (
      await w.t.app.inject({ url: '/v1/sales/orders/?filter=cancelled', headers: w.buyer.auth })
    ).json();
    expect(cancelled.count).toBeGreaterThanOrEqual(2);
    expect(cancelled.results.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const page1 = (await w.t.app.inject({ url: '/v1/sales/orders/?page_size=2', headers: w.buyer.auth })).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('page=2');

    const sales = (await w.t.app.inject({ url: '/v1/sales/orders/seller/', headers: w.seller.auth })).json();
    expect(sales.count).toBeGreaterThanOrEqual(6);
    expect(
      sales.results.every(
        (o: { seller: { id: number }; role: string }) => o.seller.id === w.seller.id && o.role === 'seller',
      ),
    ).toBe(true);
    const noSales = (await w.t.app.inject({ url: '/v1/sales/orders/seller/', headers: w.buyer.auth })).json();
    expect(noSales).toEqual({ count: 0, next: null, previous: null, results: [] });

    const someId = mine.results[0].id;
    expect((await w.t.app.inject({ url: `/v1/sales/orders/${someId}/`, headers: w.other.auth })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: `/v1/sales/orders/${someId}/`, headers: w.seller.auth })).json().role).toBe(
      'seller',
    );
    expect((await w.t.app.inject({ url: '/v1/sales/orders/' })).statusCode).toBe(401);
  });
});
