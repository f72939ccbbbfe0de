import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, signIn, type TestContext } from '../helpers.js';
import { makeCard, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers, products, users } from '../../src/db/schema/index.js';

describe.runIf(dbAvailable())('orders', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let buyerPoint: number;
  let otherPoint: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '300' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    other = await makeUser(t.app, 'Борис');
    buyerPoint = await makePoint(t.app, buyer);
    otherPoint = await makePoint(t.app, other);
  });
  afterAll(() => t?.close());

  const order = (user: TestUser, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/sales/order/', headers: user.auth, payload: body as object });
  const stock = async (productId: number) =>
    (await t.app.db.select().from(offers).where(eq(offers.productId, productId))).reduce((s, o) => s + o.count, 0);
  const status = async (productId: number) =>
    (await t.app.db.select().from(products).where(eq(products.id, productId)))[0]!.status;
  const pay = async (paymentId: string, number = '4111 1111 1111 1111') => {
    const [row] = await t.app.db
      .select()
      .from((await import('../../src/db/schema/index.js')).payments)
      .where(eq((await import('../../src/db/schema/index.js')).payments.id, paymentId));
    return t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${row!.providerPaymentId}/pay`,
      payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
  };

  it('creates an order: reserves stock, records fee and payout, opens a payment', async () => {
    // The seller has an avatar: its URL is one of the avatar variants (96/256/512), not a photo width.
    await t.app.db.update(users).set({ avatar: 'a/ab/abcdef' }).where(eq(users.id, seller.id));
    const l = await makeListing(t.app, seller.id, [
      { size: 'S', price: 4990, count: 1 },
      { size: 'M', price: 5490, count: 2 },
    ]);
    const res = await order(buyer, {
      items: [
        { slug: l.slug, size: 's', count: 1 },
        { slug: l.slug, size: 'M', count: 1 },
      ],
      delivery_point: buyerPoint,
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
      delivery_point: { id: buyerPoint, delivery_service_type: 'cdek', point_id: 'MSK001' },
      seller: { id: seller.id, first_name: 'Вера', avatar: '/media/a/ab/abcdef/96.webp' },
      buyer: { id: buyer.id, avatar: null },
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

    const single = await makeListing(t.app, seller.id, [{ size: 'One size', price: 1000, count: 1 }]);
    const small = (
      await order(buyer, { items: [{ slug: single.slug, size: 'one size', count: 1 }], delivery_point: buyerPoint })
    ).json();
    expect(small.order).toMatchObject({ total: 1000, fee: 300, payout: 700 });
    expect(await status(single.id)).toBe('reserved');
  });

  it('refuses bad orders with Russian messages naming the problem', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3000, count: 2 }]);
    const foreign = await makeListing(t.app, other.id, [{ size: 'M', price: 3000, count: 1 }]);
    const own = await makeListing(t.app, buyer.id, [{ size: 'M', price: 3000, count: 1 }]);
    const otherCard = await makeCard(t.app, other);
    const item = (over: object = {}) => ({ slug: l.slug, size: 'M', count: 1, ...over });
    const cases: [unknown, string, RegExp][] = [
      [{ items: [item()], delivery_point: otherPoint }, 'delivery_point', /Пункт выдачи/],
      [{ items: [item()], delivery_point: 999999 }, 'delivery_point', /Пункт выдачи/],
      [{ items: [item()], delivery_point: buyerPoint, card: otherCard }, 'card', /Карта/],
      [{ items: [item({ slug: 'no-such-thing' })], delivery_point: buyerPoint }, 'items', /не найден/],
      [{ items: [item({ size: 'XXL' })], delivery_point: buyerPoint }, 'items', /Размера «XXL» нет/],
      [{ items: [item({ count: 0 })], delivery_point: buyerPoint }, 'items', /не меньше 1/],
      [{ items: [item({ count: -3 })], delivery_point: buyerPoint }, 'items', /не меньше 1/],
      [{ items: [item({ count: 3 })], delivery_point: buyerPoint }, 'items', /осталось только 2/],
      [{ items: [item(), item({ count: 2 })], delivery_point: buyerPoint }, 'items', /осталось только 2/],
      [{ items: [{ slug: own.slug, size: 'M', count: 1 }], delivery_point: buyerPoint }, 'items', /собственный/],
      [
        { items: [item(), { slug: foreign.slug, size: 'M', count: 1 }], delivery_point: buyerPoint },
        'items',
        /одного продавца/,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await order(buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field]?.[0], res.body).toMatch(msg);
    }
    expect(await stock(l.id)).toBe(2);
  });

  it('answers garbage with 4xx, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { items: [] },
      { items: 'all', delivery_point: buyerPoint },
      { items: [{}], delivery_point: buyerPoint },
      { items: [{ slug: 'x', size: 'M', count: 1.5 }], delivery_point: buyerPoint },
      { items: [{ slug: 'x', size: 'M', count: 1 }], delivery_point: 'one' },
      { items: [{ slug: 'x', size: 'M', count: 1 }], delivery_point: 99999999999 },
      { items: [{ slug: 'x'.repeat(10_000), size: 'M', count: 1e12 }], delivery_point: buyerPoint },
      [1, 2, 3],
    ];
    for (const body of bodies) {
      const res = await order(buyer, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      payload: '{"items":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/v1/sales/order/', payload: {} })).statusCode).toBe(401);
    for (const url of [
      '/v1/sales/orders/abc/',
      '/v1/sales/orders/?page=0',
      '/v1/sales/orders/?filter=nonsense',
      '/v1/sales/orders/?page=500',
    ]) {
      const res = await t.app.inject({ url, headers: buyer.auth });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('releases an unpaid reservation after 15 minutes (injected clock)', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const created = (
      await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: buyerPoint })
    ).json();
    expect(await status(l.id)).toBe('reserved');
    t.clock.advance(15 * 60_000 - 1000);
    await t.app.jobs.runDue();
    expect(
      (await t.app.inject({ url: `/v1/sales/orders/${created.order.id}/`, headers: buyer.auth })).json().status,
    ).toBe('awaiting_payment');
    // someone else cannot buy it meanwhile
    expect(
      (await order(other, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: otherPoint })).statusCode,
    ).toBe(409);

    t.clock.advance(1001);
    // the sweep (the server's timer) releases it: the other buyer gets it
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const second = await order(other, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: otherPoint });
    expect(second.statusCode, second.body).toBe(201);
    const first = (await t.app.inject({ url: `/v1/sales/orders/${created.order.id}/`, headers: buyer.auth })).json();
    expect(first).toMatchObject({
      status: 'cancelled',
      cancel_reason: expect.stringMatching(/истекло/),
      payment: { status: 'canceled' },
    });
    // the old bank page no longer takes money
    expect((await pay(created.payment.id)).statusCode).toBe(400);

    // and the second order's reservation too: stock back, listing active again
    t.clock.advance(15 * 60_000 + 1);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await stock(l.id)).toBe(1);
    expect(await status(l.id)).toBe('active');
  });

  it('lets the buyer cancel an unpaid order, once', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const created = (
      await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: buyerPoint })
    ).json();
    const url = `/v1/sales/orders/${created.order.id}/cancel/`;
    // The seller may cancel only a paid order (with a reason): an unpaid one is refused in Russian.
    const bySeller = await t.app.inject({
      method: 'POST',
      url,
      headers: seller.auth,
      payload: { reason: 'Нет в наличии' },
    });
    expect(bySeller.statusCode).toBe(400);
    expect(bySeller.json().detail).toMatch(/Нельзя отменить заказ: заказ в статусе «Ожидает оплаты»/);
    expect((await t.app.inject({ method: 'POST', url, headers: other.auth })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url, headers: buyer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', status_label: 'Отменён' });
    expect(await stock(l.id)).toBe(1);
    expect(await status(l.id)).toBe('active');
    const again = await t.app.inject({ method: 'POST', url, headers: buyer.auth });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/Отменён/);
  });

  it('moves a paid order through shipping and receipt; only the right side may act', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3100, count: 1 }]);
    const created = (
      await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: buyerPoint })
    ).json();
    const id = created.order.id;
    const ship = (u: TestUser, tracking = '1234567890') =>
      t.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${id}/ship/`,
        headers: u.auth,
        payload: { tracking_number: tracking },
      });
    const confirm = (u: TestUser) =>
      t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/confirm/`, headers: u.auth });

    expect((await ship(seller)).statusCode).toBe(400); // not paid yet
    expect((await pay(created.payment.id)).json().status).toBe('succeeded');
    expect(await status(l.id)).toBe('sold');
    expect((await ship(buyer)).statusCode).toBe(404);
    expect((await ship(other)).statusCode).toBe(404);
    expect((await ship(seller, '')).statusCode).toBe(400);
    expect((await confirm(buyer)).statusCode).toBe(400); // not shipped yet
    const shipped = await ship(seller);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      tracking_number: '1234567890',
      role: 'seller',
      shipped_at: expect.any(String),
    });
    expect((await ship(seller)).statusCode).toBe(400);
    expect((await confirm(seller)).statusCode).toBe(404);
    expect((await confirm(other)).statusCode).toBe(404);
    const done = await confirm(buyer);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await confirm(buyer)).statusCode).toBe(400);
    const cancel = await t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/cancel/`, headers: buyer.auth });
    expect(cancel.statusCode).toBe(400);
  });

  it('lists buyer and seller orders as DRF pages with filters; others see nothing', async () => {
    const filters = (await t.app.inject('/v1/sales/order-filters/')).json();
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

    const mine = (await t.app.inject({ url: '/v1/sales/orders/?page_size=100', headers: buyer.auth })).json();
    expect(mine.count).toBeGreaterThanOrEqual(5);
    expect(
      mine.results.every((o: { buyer: { id: number }; role: string }) => o.buyer.id === buyer.id && o.role === 'buyer'),
    ).toBe(true);
    const cancelled = (await t.app.inject({ url: '/v1/sales/orders/?filter=cancelled', headers: buyer.auth })).json();
    expect(cancelled.count).toBeGreaterThanOrEqual(2);
    expect(cancelled.results.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const page1 = (await t.app.inject({ url: '/v1/sales/orders/?page_size=2', headers: buyer.auth })).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('page=2');

    const sales = (await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth })).json();
    expect(sales.count).toBeGreaterThanOrEqual(6);
    expect(
      sales.results.every(
        (o: { seller: { id: number }; role: string }) => o.seller.id === seller.id && o.role === 'seller',
      ),
    ).toBe(true);
    const noSales = (await t.app.inject({ url: '/v1/sales/orders/seller/', headers: buyer.auth })).json();
    expect(noSales).toEqual({ count: 0, next: null, previous: null, results: [] });

    const someId = mine.results[0].id;
    expect((await t.app.inject({ url: `/v1/sales/orders/${someId}/`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/sales/orders/${someId}/`, headers: seller.auth })).json().role).toBe(
      'seller',
    );
    expect((await t.app.inject({ url: '/v1/sales/orders/' })).statusCode).toBe(401);
  });

  it('lets a user signed in by phone buy a seeded demo listing', async () => {
    const { auth } = await signIn(t.app);
    const user: TestUser = { id: 0, auth };
    const pointId = await makePoint(t.app, user);
    const [demo] = await t.app.db
      .select({ slug: products.slug, size: offers.size, productId: products.id, price: offers.price })
      .from(products)
      .innerJoin(offers, eq(offers.productId, products.id))
      .where(and(eq(products.status, 'active'), gt(offers.count, 0)))
      .limit(1);
    expect(demo, 'the demo seed has active listings with stock').toBeDefined();
    const before = await stock(demo!.productId);
    const res = await order(user, {
      items: [{ slug: demo!.slug, size: demo!.size, count: 1 }],
      delivery_point: pointId,
      // A new account has no name yet: checkout asks who collects the parcel.
      recipient_name: 'Анна Иванова',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.total).toBe(demo!.price / 100);
    expect(await stock(demo!.productId)).toBe(before - 1);
    const self = (await t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.info.delivery_points.map((p: { id: number }) => p.id)).toContain(pointId);
  });
});
