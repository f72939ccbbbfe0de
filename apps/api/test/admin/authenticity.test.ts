/**
 * Luxury checks: a listing of a luxury brand (`brands.is_luxury`) is published into `pending_review` — its public
 * page answers 404 and the seller sees «На проверке подлинности»; the seller adds proof photos (multipart, only a
 * luxury listing, ≤ 10); staff see the queue with the photos; a decline sends it back to drafts with the reason
 * (the seller is told), an approve makes it public with `verified: true` («Проверено») on its page and its cards (lists, search, the
 * owner's list, favorites), purged on both processes.
 * Staff calls: 401/403 with an empty body; audit rows for both decisions. A brand without the flag publishes at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { brands } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, REAL_TIME_MS, multipart, secondProcess, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { makeFixture, type Fixture } from '../catalog-fixtures.js';
import { get, makeStaff, post } from './fixtures.js';

const jpeg = (r: number) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r, g: 90, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const photo = (data: Buffer) => ({ field: 'photos', filename: 'photo.jpg', contentType: 'image/jpeg', data });

describe.runIf(dbAvailable())('luxury checks', () => {
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let fx: Fixture;
  let staff: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '3000', JOBS_POLL_MS: '0' });
    other = await secondProcess(t);
    fx = await makeFixture(t.app.db);
    await t.app.db.update(brands).set({ isLuxury: true }).where(eq(brands.id, fx.brands.moncler.id));
    staff = await makeStaff(t.app);
    seller = await makeUser(t.app, 'Вера');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const create = async (brand: number, title: string) => {
    const body = multipart(
      {
        title,
        description: 'Носила один сезон, есть чек.',
        brand: String(brand),
        category: String(fx.cats.downJackets),
        condition: 'excellent',
        color: 'black',
        sizes: JSON.stringify([{ size: 'M', price: 95990, count: 1 }]),
      },
      [photo(await jpeg(200))],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...seller.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string; status: string; status_label: string };
  };
  const proofs = async (id: number, n: number, who = seller) => {
    const files = [];
    for (let i = 0; i < n; i += 1) files.push(photo(await jpeg(10 + i)));
    const body = multipart({}, files);
    return t.app.inject({
      method: 'POST',
      url: `/v1/products/${id}/authenticity/`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const publicAnswer = (app: typeof t.app, slug: string) => get(app, `/v1/public/products/${slug}/`);
  /** Both processes answer `code` for the listing within REAL_TIME_MS (real time: the fan-out). */
  const everywhere = async (slug: string, code: number) => {
    const until = Date.now() + REAL_TIME_MS;
    for (;;) {
      const got = [(await publicAnswer(t.app, slug)).statusCode, (await publicAnswer(other.app, slug)).statusCode];
      if (got.every((c) => c === code) || Date.now() > until) return got;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('keeps a luxury listing off the shop until staff approve its proof; a decline sends it back with the reason', async () => {
    const plain = await create(fx.brands.nike.id, 'Кроссовки Nike');
    expect(plain.status).toBe('active');
    expect((await proofs(plain.id, 1)).json().detail).toBe('Проверка подлинности нужна только вещам люксовых брендов.');

    const lux = await create(fx.brands.moncler.id, 'Пуховик Moncler Maya');
    expect(lux).toMatchObject({ status: 'pending_review', status_label: 'На проверке подлинности', verified: false });
    expect(await everywhere(lux.slug, 404)).toEqual([404, 404]);
    const mine = (await get(t.app, '/v1/product_owner/?status=pending_review', seller.auth)).json();
    expect(mine.results.map((p: { id: number }) => p.id)).toEqual([lux.id]);

    // Proof photos: the owner only, at most 10, stored through the media pipeline.
    const stranger = await makeUser(t.app, 'Олег');
    expect((await proofs(lux.id, 1, stranger)).statusCode).toBe(404);
    expect((await proofs(lux.id, 0)).json()).toEqual({ photos: ['Добавьте фото чека, бирок или серийного номера.'] });
    const added = await proofs(lux.id, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().authenticity_photos).toBe(2);

    // Staff calls refuse strangers before reading the body.
    for (const verb of ['approve', 'decline']) {
      const url = `/v1/admin/products/${lux.id}/authenticity/${verb}/`;
      const anon = await post(t.app, url, {});
      expect([anon.statusCode, typeof anon.json().detail]).toEqual([401, 'string']);
      const user = await post(t.app, url, seller.auth);
      expect([user.statusCode, typeof user.json().detail]).toEqual([403, 'string']);
    }
    expect((await get(t.app, '/v1/admin/products/?status=pending_review', seller.auth)).statusCode).toBe(403);
    const queue = (await get(t.app, '/v1/admin/products/?status=pending_review', staff.auth)).json();
    expect(queue.results.map((p: { id: number }) => p.id)).toContain(lux.id);
    const item = queue.results.find((p: { id: number }) => p.id === lux.id);
    expect(item).toMatchObject({ is_luxury: true, brand: 'Moncler', status_label: 'На проверке подлинности' });
    expect(item.authenticity_photos).toHaveLength(2);
    // Proofs are private to the owner and staff: signed links under `v/…` (decision 0150).
    expect(item.authenticity_photos[0].url_small).toMatch(/^\/media\/private\/v\/.+\/320\.webp\?exp=\d+&sig=.+$/);
    expect((await get(t.app, '/v1/admin/products/?status=nope', staff.auth)).statusCode).toBe(400);

    // Decline: back to drafts with the reason; the seller is told.
    const noReason = await post(t.app, `/v1/admin/products/${lux.id}/authenticity/decline/`, staff.auth, {});
    expect(noReason.json().reason[0]).toBe('Укажите, чего не хватает для проверки.');
    const declined = await post(t.app, `/v1/admin/products/${lux.id}/authenticity/decline/`, staff.auth, {
      reason: 'Не виден серийный номер',
    });
    expect(declined.json()).toEqual({
      id: lux.id,
      status: 'draft',
      verified: false,
      review_decline_reason: 'Не виден серийный номер',
    });
    expect((await post(t.app, `/v1/admin/products/${lux.id}/authenticity/approve/`, staff.auth)).statusCode).toBe(409);
    await t.app.jobs.runDue();
    const notes = (await get(t.app, '/v1/notifications/', seller.auth)).json().results;
    expect(notes[0]).toMatchObject({
      type: 'listing_moderated',
      title: '«Пуховик Moncler Maya»: проверка подлинности не пройдена',
    });
    expect(notes[0].text).toContain('Не виден серийный номер');

    // The seller adds a photo and publishes again: it waits again; staff approve → public, «Проверено».
    await proofs(lux.id, 1);
    const again = multipart({ publish: 'true' });
    const republished = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${lux.id}/`,
      headers: { ...seller.auth, ...again.headers },
      payload: again.payload,
    });
    expect(republished.json()).toMatchObject({
      status: 'pending_review',
      review_decline_reason: 'Не виден серийный номер',
    });
    expect(await everywhere(lux.slug, 404)).toEqual([404, 404]);
    const approved = await post(t.app, `/v1/admin/products/${lux.id}/authenticity/approve/`, staff.auth, {
      reason: 'Чек и серийный номер совпадают',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id: lux.id, status: 'active', verified: true, review_decline_reason: null });
    expect(await everywhere(lux.slug, 200)).toEqual([200, 200]);
    expect((await publicAnswer(other.app, lux.slug)).json().verified).toBe(true);
    expect((await publicAnswer(t.app, plain.slug)).json().verified).toBe(false);
    // Cards carry the badge too: lists, search, the seller's own list and favorites.
    const flags = (cards: { id: number; verified: boolean }[]) =>
      Object.fromEntries(cards.filter((c) => [lux.id, plain.id].includes(c.id)).map((c) => [c.id, c.verified]));
    const both = { [lux.id]: true, [plain.id]: false };
    const listed = (await get(other.app, `/v1/public/products/?seller=${seller.id}`)).json();
    expect(flags(listed.results)).toEqual(both);
    const found = (await get(t.app, `/v1/public/search/?q=${encodeURIComponent('Moncler Maya')}`)).json();
    expect(flags(found.results)).toEqual({ [lux.id]: true });
    expect(flags((await get(t.app, '/v1/product_owner/', seller.auth)).json().results)).toEqual(both);
    const faved = await post(t.app, `/v1/favorites/${lux.id}/add-to-favorites/`, stranger.auth);
    expect(flags(faved.json().data)).toEqual({ [lux.id]: true });
    // A verified listing stays public when edited.
    const edit = multipart({ description: 'Носила один сезон, есть чек и пыльник.' });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${lux.id}/`,
      headers: { ...seller.auth, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.json()).toMatchObject({ status: 'active', verified: true });
    expect((await proofs(lux.id, 1)).json().detail).toBe('Подлинность уже подтверждена.');

    const audit = (await get(t.app, `/v1/admin/audit/?object_type=product&object_id=${lux.id}`, staff.auth)).json();
    expect(audit.results.map((a: { action: string }) => a.action)).toEqual([
      'product.authenticity_approve',
      'product.authenticity_decline',
    ]);
  });
});
