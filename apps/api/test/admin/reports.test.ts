/**
 * Reports and the staff queue: a signed-in person reports a listing or a user (201; a repeat while open → 200 with
 * the same report; bad reason → 400 in Russian naming `reason`; unknown → 404; one's own → 400); staff see one
 * item per object, most reported first, with the object and the reports' texts; dismissing an item closes its
 * reports with an audit row `report.dismiss`, and a new report afterwards opens a new item. Staff calls: 401/403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { get, makeStaff, post } from './fixtures.js';

describe.runIf(dbAvailable())('reports and the moderation queue', () => {
  let t: TestContext;
  let staff: TestUser;
  let seller: TestUser;
  let anna: TestUser;
  let boris: TestUser;
  let listing: { id: number; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeStaff(t.app);
    seller = await makeUser(t.app, 'Вера');
    anna = await makeUser(t.app, 'Анна');
    boris = await makeUser(t.app, 'Борис');
    listing = await makeListing(t.app, seller.id, undefined, 'Сумка Birkin');
  });
  afterAll(() => t?.close());

  const report = (who: TestUser | null, path: string, body: unknown) =>
    post(t.app, `/v1/${path}/report/`, who?.auth ?? {}, body);
  type Item = { id: number; object_type: string; object_id: number; reports_count: number };

  it('files one open report per person and object, in Russian on bad input', async () => {
    expect((await report(null, `products/${listing.id}`, { reason: 'fraud' })).statusCode).toBe(401);
    const bad = await report(anna, `products/${listing.id}`, { reason: 'ugly', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason[0]).toMatch(/^Выберите причину: counterfeit \(Подделка\)/);
    const long = await report(anna, `products/${listing.id}`, { reason: 'other', text: 'я'.repeat(2001) });
    expect(long.json().text[0]).toBe('Не больше 2000 символов.');
    expect((await report(anna, 'products/999999', { reason: 'fraud' })).json()).toEqual({ detail: 'Товар не найден.' });
    expect((await report(anna, 'users/999999', { reason: 'fraud' })).statusCode).toBe(404);
    expect((await report(anna, 'products/abc', { reason: 'fraud' })).statusCode).toBe(400);
    const own = await report(seller, `products/${listing.id}`, { reason: 'other' });
    expect(own.statusCode).toBe(400);
    expect(own.json().detail).toBe('Нельзя пожаловаться на своё объявление.');
    expect((await report(anna, `users/${anna.id}`, { reason: 'fraud' })).statusCode).toBe(400);

    const first = await report(anna, `products/${listing.id}`, { reason: 'counterfeit', text: ' Швы кривые ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      object_type: 'product',
      object_id: listing.id,
      reason: 'counterfeit',
      reason_label: 'Подделка',
      text: 'Швы кривые',
      status: 'open',
    });
    const again = await report(anna, `products/${listing.id}`, { reason: 'fraud', text: 'Ещё раз' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, reason: 'counterfeit', text: 'Швы кривые' });
  });

  it('queues one item per object, most reported first, and dismisses an item with an audit row', async () => {
    expect(
      (await report(boris, `products/${listing.id}`, { reason: 'fraud', text: 'Цена слишком низкая' })).statusCode,
    ).toBe(201);
    expect(
      (await report(anna, `users/${seller.id}`, { reason: 'fraud', text: 'Просит перевод на карту' })).statusCode,
    ).toBe(201);

    // Staff only, checked before anything else.
    expect((await get(t.app, '/v1/admin/reports/')).statusCode).toBe(401);
    expect((await get(t.app, '/v1/admin/reports/', anna.auth)).statusCode).toBe(403);
    expect((await post(t.app, '/v1/admin/reports/1/dismiss/', {})).statusCode).toBe(401);
    expect((await post(t.app, '/v1/admin/reports/abc/dismiss/', anna.auth, { reason: 5 })).statusCode).toBe(403);

    const queue = await get(t.app, '/v1/admin/reports/', staff.auth);
    expect(queue.statusCode, queue.body).toBe(200);
    const page = queue.json();
    expect(page.count).toBe(2);
    expect(page.results.map((i: Item) => [i.object_type, i.object_id, i.reports_count])).toEqual([
      ['product', listing.id, 2],
      ['user', seller.id, 1],
    ]);
    expect(page.results[0].object).toEqual({
      title: 'Сумка Birkin',
      url: `/product/${listing.slug}`,
      status: 'active',
      owner: { id: seller.id, name: 'Вера Тестова' },
    });
    expect(
      page.results[0].reports.map((r: { text: string; reporter: { name: string } }) => [r.text, r.reporter.name]),
    ).toEqual([
      ['Швы кривые', 'Анна Тестова'],
      ['Цена слишком низкая', 'Борис Тестова'],
    ]);
    expect(page.results[1].object).toMatchObject({ title: 'Вера Тестова', url: `/seller/${seller.id}`, owner: null });
    const spec = (await get(t.app, '/v1/docs/json')).json();
    expect(spec.paths['/v1/admin/reports/'].get.tags).toEqual(['Администрирование']);
    expect(spec.paths['/v1/admin/reports/{id}/dismiss/'].post.tags).toEqual(['Администрирование']);

    const item = page.results[0] as Item;
    const dismissed = await post(t.app, `/v1/admin/reports/${item.id}/dismiss/`, staff.auth, {
      reason: 'Оригинал, чек есть',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ id: item.id, status: 'dismissed', closed_reports: 2 });
    const twice = await post(t.app, `/v1/admin/reports/${item.id}/dismiss/`, staff.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Эти жалобы уже рассмотрены.');
    expect((await post(t.app, '/v1/admin/reports/999999/dismiss/', staff.auth)).statusCode).toBe(404);

    const audit = (await get(t.app, `/v1/admin/audit/?action=report.dismiss&object_id=${item.id}`, staff.auth)).json();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({
      staff: { id: staff.id },
      object_type: 'report',
      reason: 'Оригинал, чек есть',
      details: { object_type: 'product', object_id: listing.id },
    });
    expect(audit.results[0].details.reports).toHaveLength(2);

    const after = (await get(t.app, '/v1/admin/reports/', staff.auth)).json();
    expect(after.results.map((i: Item) => i.object_type)).toEqual(['user']);
    // The reporter's report is closed: a new one is a new report and a new queue item.
    const renewed = await report(anna, `products/${listing.id}`, { reason: 'counterfeit', text: 'Снова подделка' });
    expect(renewed.statusCode).toBe(201);
    const latest = (await get(t.app, '/v1/admin/reports/', staff.auth)).json();
    expect(latest.count).toBe(2);
    const reopened = latest.results.find((i: Item) => i.object_type === 'product');
    expect(reopened.id).not.toBe(item.id);
    expect(reopened.reports.map((r: { text: string }) => r.text)).toEqual(['Снова подделка']);
  });
});
