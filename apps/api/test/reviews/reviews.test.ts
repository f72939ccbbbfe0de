/**
 * Reviews after a deal (reviews module): both sides review each other once after completion, within 14 days; the
 * author edits for 24 h; the reviewed person answers once; the seller's rating, count, distribution and service
 * level on the public card, and the public pages of reviews. Through the real HTTP layer, moving the clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@vitrina/contract/notifications';
import type { Review } from '@vitrina/contract/reviews';
import { createTestApp, dbAvailable, getOk, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placePaidOrder, shipAndConfirm, type TestUser } from '../buy-fixtures.js';
import { orders } from '../../src/db/schema/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.runIf(dbAvailable())('reviews', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let point: number;
  let orderId: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    other = await makeUser(t.app, 'Борис');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const review = (user: TestUser, id: number, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
    t.app.inject({ method, url: `/v1/sales/orders/${id}/review/`, headers: user.auth, payload });
  const answer = (user: TestUser, id: number, text: string) =>
    t.app.inject({ method: 'POST', url: `/v1/reviews/${id}/answer/`, headers: user.auth, payload: { text } });
  const notes = async (u: TestUser) =>
    (
      (await t.app.inject({ url: '/v1/notifications/', headers: u.auth })).json() as {
        results: Notification[];
      }
    ).results;
  /** A paid order of a new listing of `seller`, bought by `who` (with their own delivery point). */
  const paidOrder = async (who: TestUser, whoPoint: number, title = 'Тренч из хлопка') => {
    const l = await makeListing(t.app, seller.id, undefined, title);
    return (await placePaidOrder(t.app, who, l.slug, whoPoint)).order.id;
  };

  it('refuses a review before completion (400 in Russian), and anyone but the parties gets 404', async () => {
    orderId = await paidOrder(buyer, point);
    const early = await review(buyer, orderId, { rating: 5, text: 'Отлично' });
    expect(early.statusCode).toBe(400);
    expect(early.json().order[0]).toMatch(/после завершения заказа/);
    await shipAndConfirm(t.app, seller, buyer, orderId);
    const stranger = await review(other, orderId, { rating: 5 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().detail).toBe('Заказ не найден.');
    expect((await review(other, 999_999, { rating: 5 })).statusCode).toBe(404);
  });

  it('checks the body: stars 1–5 whole, text up to 2 000 characters, each error naming its field', async () => {
    for (const rating of [0, 6, 3.5, '5', null]) {
      const res = await review(buyer, orderId, { rating, text: '' });
      expect(res.statusCode, JSON.stringify(rating)).toBe(400);
      expect(res.json().rating[0]).toMatch(/Оценка — целое число от 1 до 5|Обязательное поле/);
    }
    expect((await review(buyer, orderId, { text: 'без оценки' })).json()).toEqual({ rating: ['Обязательное поле.'] });
    const long = await review(buyer, orderId, { rating: 5, text: 'я'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ text: ['Текст — не больше 2000 символов.'] });
  });

  it('lets each side review the other once (201, then 409), and notifies the reviewed person', async () => {
    const mine = await review(buyer, orderId, { rating: 4, text: '  Всё пришло, как в описании.  ' });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      order_id: orderId,
      rating: 4,
      text: 'Всё пришло, как в описании.',
      author_role: 'buyer',
      author: { id: buyer.id, name: 'Анна Тестова' },
      target_id: seller.id,
      order_refunded: false,
      item: { title: 'Тренч из хлопка' },
      edited_at: null,
      answer: null,
    });
    const again = await review(buyer, orderId, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/уже оставили отзыв/);
    const theirs = await review(seller, orderId, { rating: 5, text: 'Быстрая оплата, приятный покупатель.' });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json()).toMatchObject({ author_role: 'seller', target_id: buyer.id });
    expect((await review(seller, orderId, { rating: 5 })).statusCode).toBe(409);

    await t.app.jobs.runDue();
    const [toSeller] = (await notes(seller)).filter((n) => n.type === 'review_received');
    expect(toSeller).toMatchObject({ title: 'Новый отзыв: ★★★★☆', link: `/account/sales?order=${orderId}` });
    expect(toSeller!.text).toContain('Анна Тестова ставит вам 4 из 5 за сделку «Тренч из хлопка»');
    const [toBuyer] = (await notes(buyer)).filter((n) => n.type === 'review_received');
    expect(toBuyer).toMatchObject({ link: `/account/history?order=${orderId}` });
  });

  it('shows each side its review, the other side’s and what it may do', async () => {
    const res = await t.app.inject({ url: `/v1/sales/orders/${orderId}/reviews/`, headers: buyer.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      mine: { rating: 4, author_role: 'buyer' },
      theirs: { rating: 5, author_role: 'seller' },
      can_review: false,
      can_answer: true,
    });
    expect(Date.parse(body.edit_until) - Date.parse(body.mine.created_at)).toBe(DAY);
    expect(Date.parse(body.review_until)).toBeGreaterThan(Date.parse(body.mine.created_at));
    expect((await t.app.inject({ url: `/v1/sales/orders/${orderId}/reviews/`, headers: other.auth })).statusCode).toBe(
      404,
    );
  });

  it('lets the author edit for 24 hours, then answers 400', async () => {
    t.clock.advance(23 * HOUR);
    const edit = await review(buyer, orderId, { rating: 5, text: 'Исправлю: всё отлично!' }, 'PATCH');
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ rating: 5, text: 'Исправлю: всё отлично!' });
    expect(edit.json().edited_at).not.toBeNull();
    expect((await review(buyer, orderId, { rating: 9 }, 'PATCH')).json()).toEqual({
      rating: ['Оценка — целое число от 1 до 5.'],
    });
    expect((await review(other, orderId, { rating: 3 }, 'PATCH')).statusCode).toBe(404);
    t.clock.advance(2 * HOUR);
    const late = await review(buyer, orderId, { rating: 1 }, 'PATCH');
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/в течение 24 часов/);
    const now = await t.app.inject({ url: `/v1/sales/orders/${orderId}/reviews/`, headers: buyer.auth });
    expect(now.json()).toMatchObject({ mine: { rating: 5 }, edit_until: null });
  });

  it('lets the reviewed person answer once, publicly (others 403, a second answer 409)', async () => {
    const { mine } = (
      await t.app.inject({ url: `/v1/sales/orders/${orderId}/reviews/`, headers: buyer.auth })
    ).json() as { mine: Review };
    expect((await answer(buyer, mine.id, 'Сам себе')).statusCode).toBe(403);
    expect((await answer(other, mine.id, 'Чужой')).statusCode).toBe(403);
    expect((await answer(seller, 999_999, 'Нет такого')).statusCode).toBe(404);
    expect((await answer(seller, mine.id, '   ')).json()).toEqual({ text: ['Напишите ответ.'] });
    const ok = await answer(seller, mine.id, 'Спасибо, приходите ещё!');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().answer).toMatchObject({ text: 'Спасибо, приходите ещё!' });
    const twice = await answer(seller, mine.id, 'Ещё раз');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Вы уже ответили на этот отзыв.');
    await t.app.jobs.runDue();
    const [note] = (await notes(buyer)).filter((n) => n.type === 'review_answered');
    expect(note).toMatchObject({
      title: 'Вам ответили на отзыв',
      text: 'Спасибо, приходите ещё!',
      link: `/account/history?order=${orderId}`,
    });
  });

  it('closes the window 14 days after completion', async () => {
    const id = await paidOrder(buyer, point, 'Свитер');
    await shipAndConfirm(t.app, seller, buyer, id);
    t.clock.advance(14 * DAY - HOUR);
    const view = await t.app.inject({ url: `/v1/sales/orders/${id}/reviews/`, headers: seller.auth });
    expect(view.json()).toMatchObject({ can_review: true, mine: null });
    t.clock.advance(2 * HOUR);
    const late = await review(seller, id, { rating: 5 });
    expect(late.statusCode).toBe(400);
    expect(late.json().order[0]).toMatch(/в течение 14 дней/);
    expect((await t.app.inject({ url: `/v1/sales/orders/${id}/reviews/`, headers: seller.auth })).json()).toMatchObject(
      { can_review: false },
    );
  });

  it('a refunded order: only the buyer reviews, and the review is marked so', async () => {
    const id = await paidOrder(buyer, point, 'Юбка');
    // The refunded end of a dispute (set here as the buyer-protection path leaves it).
    await t.app.db
      .update(orders)
      .set({ status: 'refunded', refundedAt: t.clock.now(), refundedAmount: 100 })
      .where(eq(orders.id, id));
    const bySeller = await review(seller, id, { rating: 1 });
    expect(bySeller.statusCode).toBe(400);
    expect(bySeller.json().order[0]).toMatch(/только покупатель/);
    const byBuyer = await review(buyer, id, { rating: 2, text: 'Пришлось вернуть.' });
    expect(byBuyer.statusCode, byBuyer.body).toBe(201);
    expect(byBuyer.json()).toMatchObject({ order_refunded: true, author_role: 'buyer' });
  });

  it('gives the seller’s rating (one decimal), count, distribution and service level, and pages of reviews', async () => {
    // About the seller now: 5 (edited), 2 (refunded order). One more buyer gives 4: (5 + 2 + 4) / 3 = 3.67 → 3.7.
    const third = await makeUser(t.app, 'Глеб');
    const thirdPoint = await makePoint(t.app, third);
    const id = await paidOrder(third, thirdPoint, 'Куртка');
    await shipAndConfirm(t.app, seller, third, id);
    expect((await review(third, id, { rating: 4, text: 'Хорошо' })).statusCode).toBe(201);

    const card = (await getOk(t.app, `/v1/public/sellers/${seller.id}/`)) as Record<string, unknown>;
    expect(card).toMatchObject({
      id: seller.id,
      name: 'Вера Тестова',
      rating: 3.7,
      reviews_count: 3,
      rating_distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 },
      service_level: 100,
    });
    // The spec's fields stay.
    for (const f of ['avatar', 'city', 'about', 'date_joined', 'products_count', 'subscribers_count'])
      expect(card).toHaveProperty(f);

    const page1 = (await getOk(t.app, `/v1/public/sellers/${seller.id}/reviews/?page_size=2`)) as {
      count: number;
      next: string | null;
      previous: string | null;
      results: Review[];
    };
    expect(page1.count).toBe(3);
    expect(page1.results.map((r) => r.rating)).toEqual([4, 2]); // newest first
    expect(page1.results[0]).toMatchObject({
      author: { name: 'Глеб Тестова', has_page: false },
      item: { title: 'Куртка' },
    });
    expect(page1.next).toBe(`/v1/public/sellers/${seller.id}/reviews/?page_size=2&page=2`);
    const page2 = (await getOk(t.app, page1.next!)) as { results: Review[]; previous: string | null };
    expect(page2.results).toHaveLength(1);
    expect(page2.results[0]).toMatchObject({ rating: 5, answer: { text: 'Спасибо, приходите ещё!' } });
    expect(page2.previous).toBe(`/v1/public/sellers/${seller.id}/reviews/?page_size=2`);
    expect((await t.app.inject(`/v1/public/sellers/${seller.id}/reviews/?page=3&page_size=2`)).statusCode).toBe(404);
    expect((await t.app.inject(`/v1/public/sellers/${buyer.id}/reviews/`)).statusCode).toBe(404); // no public page
  });

  it('shows the rating and count on the product page’s seller card; a seller without reviews has null and 0', async () => {
    const l = await makeListing(t.app, seller.id, undefined, 'Пальто');
    const product = (await getOk(t.app, `/v1/public/products/${l.slug}/`)) as { seller: Record<string, unknown> };
    expect(product.seller).toMatchObject({ id: seller.id, rating: 3.7, reviews_count: 3 });
    const fresh = await makeUser(t.app, 'Дина');
    await makeListing(t.app, fresh.id);
    expect(await getOk(t.app, `/v1/public/sellers/${fresh.id}/`)).toMatchObject({
      rating: null,
      reviews_count: 0,
      rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      service_level: null,
    });
    expect(await getOk(t.app, `/v1/public/sellers/${fresh.id}/reviews/`)).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
