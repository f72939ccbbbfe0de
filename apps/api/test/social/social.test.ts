/**
 * Subscriptions (spec §7 `/v1/social/*`): subscribe/unsubscribe idempotent, self → 400, unknown → 404,
 * pages of user cards by 12.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, subscriptions, users } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, signIn, type TestContext } from '../helpers.js';
import { makeListing, makeUser } from '../buy-fixtures.js';

const meId = async (t: TestContext, auth: { authorization: string }) => {
  const res = await t.app.inject({ url: '/v1/self/', headers: auth });
  return (res.json() as { info: { id: number } }).info.id;
};

describe.runIf(dbAvailable())('subscriptions API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('needs a token', async () => {
    for (const [method, url] of [
      ['POST', '/v1/social/subscribe/1/'],
      ['POST', '/v1/social/unsubscribe/1/'],
      ['GET', '/v1/social/subscribers/'],
      ['GET', '/v1/social/subscribes/'],
      ['GET', '/v1/social/is-subscribed/1/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('subscribes and unsubscribes idempotently; self is 400, unknown 404', async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    const bId = await meId(t, b.auth);
    const aId = await meId(t, a.auth);
    await makeListing(t.app, bId); // b has a seller page
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${bId}/`, headers: a.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, subscribed: true });
    }
    expect((await t.app.inject({ url: `/v1/social/is-subscribed/${bId}/`, headers: a.auth })).json()).toEqual({
      subscribed: true,
    });
    const subs = (await t.app.inject({ url: '/v1/social/subscribers/?page_size=12', headers: b.auth })).json();
    expect(subs.count).toBe(1);
    expect(subs.results[0]).toMatchObject({
      id: aId,
      name: expect.any(String),
      city: expect.any(String),
      products_count: 0,
      subscribers_count: 0,
    });
    const mine = (await t.app.inject({ url: '/v1/social/subscribes/', headers: a.auth })).json();
    expect(mine.results.map((u: { id: number }) => u.id)).toEqual([bId]);
    expect(mine.results[0].subscribers_count).toBe(1);

    const self = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${aId}/`, headers: a.auth });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toMatch(/самого себя/);
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/social/subscribe/99999999/', headers: a.auth });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/social/unsubscribe/99999999/', headers: a.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/social/subscribe/abc/', headers: a.auth })).statusCode).toBe(
      400,
    );

    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/social/unsubscribe/${bId}/`, headers: a.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, subscribed: false });
    }
    expect((await t.app.inject({ url: `/v1/social/is-subscribed/${bId}/`, headers: a.auth })).json()).toEqual({
      subscribed: false,
    });
    expect((await t.app.inject({ url: '/v1/social/subscribers/', headers: b.auth })).json().count).toBe(0);
  });

  it('answers 404 as the seller page does for a user without a public page, and notifies nobody', async () => {
    const fan = await makeUser(t.app, 'Зоя');
    const buyer = await makeUser(t.app, 'Вера'); // never published: no seller page
    expect((await t.app.inject(`/v1/public/sellers/${buyer.id}/`)).statusCode).toBe(404);
    const sub = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${buyer.id}/`, headers: fan.auth });
    expect(sub.statusCode).toBe(404);
    expect(sub.json().detail).toBe('Пользователь не найден.');
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/social/subscribe/99999999/', headers: fan.auth });
    expect([unknown.statusCode, unknown.json()]).toEqual([sub.statusCode, sub.json()]);
    const unsub = await t.app.inject({ method: 'POST', url: `/v1/social/unsubscribe/${buyer.id}/`, headers: fan.auth });
    expect(unsub.statusCode).toBe(404);
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.sellerId, buyer.id))).toEqual([]);
    await t.app.jobs.runDue();
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, buyer.id))).toEqual([]);
    // Once the buyer publishes a listing, the page and the subscription exist.
    await makeListing(t.app, buyer.id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${buyer.id}/`, headers: fan.auth })).statusCode,
    ).toBe(200);
  });

  it('pages subscribers by 12 (13 → 12 + 1, page 3 → 404)', async () => {
    const seller = await signIn(t.app);
    const sellerId = await meId(t, seller.auth);
    // 13 followers: users inserted directly (signing in 13 phones would hit the per-IP limits needlessly).
    const rows = await t.app.db
      .insert(users)
      .values(Array.from({ length: 13 }, (_, i) => ({ firstName: `Подписчик ${i + 1}`, city: 'Казань' })))
      .returning({ id: users.id });
    await t.app.db
      .insert(subscriptions)
      .values(rows.map((r, i) => ({ subscriberId: r.id, sellerId, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })));
    const p1 = (
      await t.app.inject({ url: '/v1/social/subscribers/?page_size=12&page=1', headers: seller.auth })
    ).json();
    expect(p1.count).toBe(13);
    expect(p1.results).toHaveLength(12);
    expect(p1.results[0]).toMatchObject({ name: 'Подписчик 13', city: 'Казань', avatar: null });
    expect(p1.next).toBe('/v1/social/subscribers/?page_size=12&page=2');
    const p2 = (
      await t.app.inject({ url: '/v1/social/subscribers/?page_size=12&page=2', headers: seller.auth })
    ).json();
    expect(p2.results).toHaveLength(1);
    expect(p2.previous).toBe('/v1/social/subscribers/?page_size=12');
    const p3 = await t.app.inject({ url: '/v1/social/subscribers/?page_size=12&page=3', headers: seller.auth });
    expect(p3.statusCode).toBe(404);
    expect(p3.json()).toEqual({ detail: 'Неверная страница.' });
    expect((await t.app.inject({ url: '/v1/social/subscribers/?page=0', headers: seller.auth })).statusCode).toBe(400);
  });
});
