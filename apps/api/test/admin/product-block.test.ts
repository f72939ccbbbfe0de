/**
 * Staff block and unblock a listing: 401/403 before the body is read; the reason is required; the listing answers
 * 404 on the public call on both processes at once (their micro-caches purged over the fan-out), its owner sees
 * «Заблокировано» with the reason, is notified and cannot edit it; its open reports close as upheld; audit rows
 * `product.block` / `product.unblock`; the unblock restores the status it had and the public answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbAvailable, REAL_TIME_MS, secondProcess, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { get, makeStaff, post } from './fixtures.js';

describe.runIf(dbAvailable())('blocking a listing', () => {
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let staff: TestUser;
  let seller: TestUser;
  let listing: { id: number; slug: string };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '3000' });
    other = await secondProcess(t);
    staff = await makeStaff(t.app);
    seller = await makeUser(t.app, 'Вера');
    listing = await makeListing(t.app, seller.id, undefined, 'Сумка Birkin');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const publicStatus = async (app: FastifyInstance) =>
    (await get(app, `/v1/public/products/${listing.slug}/`)).statusCode;
  /** The public answer's status on every process once it is `code`, within REAL_TIME_MS (real time: the fan-out). */
  const everywhere = async (code: number) => {
    const until = Date.now() + REAL_TIME_MS;
    for (;;) {
      const got = [await publicStatus(t.app), await publicStatus(other.app)];
      if (got.every((c) => c === code) || Date.now() > until) return got;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('hides the listing everywhere at once, shows the owner why, closes its reports, and comes back on unblock', async () => {
    const anna = await makeUser(t.app, 'Анна');
    expect(
      (await post(t.app, `/v1/products/${listing.id}/report/`, anna.auth, { reason: 'counterfeit' })).statusCode,
    ).toBe(201);
    // Both processes keep the public answer in their micro-cache.
    expect([await publicStatus(t.app), await publicStatus(other.app)]).toEqual([200, 200]);

    const url = `/v1/admin/products/${listing.id}/block/`;
    expect((await post(t.app, url, {})).statusCode).toBe(401);
    expect((await post(t.app, url, anna.auth)).statusCode).toBe(403);
    const noReason = await post(t.app, url, staff.auth, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().reason[0]).toBe('Укажите причину блокировки.');
    expect((await post(t.app, '/v1/admin/products/999999/block/', staff.auth, { reason: 'x' })).statusCode).toBe(404);

    const blocked = await post(t.app, url, staff.auth, { reason: 'Подделка: нет чека и серийного номера' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({
      id: listing.id,
      status: 'blocked',
      block_reason: 'Подделка: нет чека и серийного номера',
    });
    expect(await everywhere(404)).toEqual([404, 404]);
    expect((await post(t.app, url, staff.auth, { reason: 'ещё раз' })).statusCode).toBe(409);

    const own = (await get(t.app, `/v1/products/${listing.id}/`, seller.auth)).json();
    expect(own).toMatchObject({
      status: 'blocked',
      status_label: 'Заблокировано',
      block_reason: 'Подделка: нет чека и серийного номера',
    });
    const mine = (await get(t.app, '/v1/product_owner/?status=blocked', seller.auth)).json();
    expect(mine.results.map((p: { id: number; block_reason: string }) => [p.id, p.block_reason])).toEqual([
      [listing.id, 'Подделка: нет чека и серийного номера'],
    ]);
    // The owner is told, with the reason and a link to their listings.
    await t.app.jobs.runDue();
    const notices = (await get(t.app, '/v1/notifications/', seller.auth)).json().results;
    expect(notices[0]).toMatchObject({
      type: 'listing_moderated',
      title: 'Объявление «Сумка Birkin» заблокировано',
      text: 'Модератор заблокировал объявление. Причина: Подделка: нет чека и серийного номера.',
      link: '/account/sales',
    });
    const draft = await post(t.app, `/v1/products/${listing.id}/make_draft/`, seller.auth);
    expect(draft.statusCode).toBe(400);
    expect(draft.json().detail).toMatch(/^Объявление заблокировано модератором: Подделка/);

    expect((await get(t.app, '/v1/admin/reports/', staff.auth)).json().count).toBe(0);
    const audit = (await get(t.app, `/v1/admin/audit/?object_type=product&object_id=${listing.id}`, staff.auth)).json();
    expect(audit.results[0]).toMatchObject({ action: 'product.block', details: { previous_status: 'active' } });
    expect(audit.results[0].details.reports).toHaveLength(1);

    const unblocked = await post(t.app, `/v1/admin/products/${listing.id}/unblock/`, staff.auth, {
      reason: 'Чек прислали',
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(unblocked.json()).toEqual({ id: listing.id, status: 'active', block_reason: null });
    expect(await everywhere(200)).toEqual([200, 200]);
    expect((await post(t.app, `/v1/admin/products/${listing.id}/unblock/`, staff.auth)).statusCode).toBe(409);
    const after = (await get(t.app, `/v1/admin/audit/?action=product.unblock`, staff.auth)).json();
    expect(after.results[0]).toMatchObject({ object_id: String(listing.id), reason: 'Чек прислали' });
  });
});
