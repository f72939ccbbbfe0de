/**
 * Staff file the brands sellers typed themselves under the reference list: 401/403 before the body is read; the
 * typed brands in use grouped by spelling (case, spaces, ё), most used first, with a `q` filter; a merge moves every
 * such listing to the listed brand in one go — found under the brand in search, the brand's page and filter at once
 * (the public micro-cache purged, on a second process at once too), the owner told, an audit row `brand.merge`;
 * a luxury brand's listing waits for its check; adding a brand from a typed spelling (`brand.create`); Russian 400s
 * naming the field, 404 for an unknown brand.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories } from '../../src/db/schema/index.js';
import {
  createTestApp,
  dbAvailable,
  REAL_TIME_MS,
  multipart,
  secondProcess,
  signIn,
  type TestContext,
} from '../helpers.js';
import { makeStaff, get, post } from '../admin/fixtures.js';
import type { TestUser } from '../buy-fixtures.js';

type Auth = { authorization: string };

describe.runIf(dbAvailable())('staff merge typed brands into the reference list', () => {
  let t: TestContext;
  let seller: Auth;
  let staff: TestUser;
  let img: Buffer;
  let fx: { brand: number; luxury: number; leaf: number };

  /** `POST /v1/products/` as the seller: a listing with one photo in the test category, size M × 1 at 2 500 ₽. */
  const postListing = (fields: Record<string, string>) => {
    const body = multipart(
      {
        category: String(fx.leaf),
        condition: 'excellent',
        sizes: JSON.stringify([{ size: 'M', price: 2500, count: 1 }]),
        ...fields,
      },
      [{ field: 'photos', filename: 'p.jpg', contentType: 'image/jpeg', data: img }],
    );
    return t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...seller, ...body.headers },
      payload: body.payload,
    });
  };
  const create = async (brandText: string, title = 'Платье ручной работы') => {
    const res = await postListing({ title, description: 'Сшито на заказ.', brand_text: brandText });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };
  const searchIds = async (q: string) =>
    (await get(t.app, `/v1/public/search/?q=${encodeURIComponent(q)}`)).json().results.map((c: { id: number }) => c.id);

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '5000' });
    seller = (await signIn(t.app)).auth;
    staff = await makeStaff(t.app);
    img = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#9a7b5a' } })
      .jpeg()
      .toBuffer();
    const db = t.app.db;
    const [brand] = await db
      .insert(brands)
      .values({ slug: 'merge-test-vereteno', name: 'Vereteno', nameRu: 'Веретено', aliases: [] })
      .returning();
    const [luxury] = await db
      .insert(brands)
      .values({ slug: 'merge-test-maison', name: 'Maison Merge', nameRu: 'Мезон Мерж', isLuxury: true })
      .returning();
    const [type] = await db
      .execute(sql`select id from catalog_types where id = 'women'`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    if (!type) await db.execute(sql`insert into catalog_types (id, name, position) values ('women', 'Женщинам', 0)`);
    const [leaf] = await db
      .insert(categories)
      .values({ type: 'women', slug: 'merge-test-dresses', name: 'Платья объединения тест' })
      .returning();
    fx = { brand: brand!.id, luxury: luxury!.id, leaf: leaf!.id };
  });
  afterAll(() => t?.close());

  it('answers 401 without a token and 403 to non-staff, before reading the body', async () => {
    for (const [method, url] of [
      ['GET', '/v1/admin/brands/free/'],
      ['POST', '/v1/admin/brands/merge/'],
      ['POST', '/v1/admin/brands/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: seller })).statusCode, url).toBe(403);
      if (method === 'POST')
        expect((await t.app.inject({ method, url, headers: seller, payload: 'не json' })).statusCode, url).toBe(403);
    }
  });

  it('lists typed brands by spelling, most used first, and filters them', async () => {
    await create('Пряха');
    await create('пряха ');
    await create('ПРЯХА', 'Юбка из льна');
    await create('Нитка Ёлка');
    const res = await get(t.app, '/v1/admin/brands/free/', staff.auth);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.results[0]).toMatchObject({ key: 'пряха', listings_count: 3, active_count: 3 });
    expect(page.results[0].spellings).toEqual(expect.arrayContaining(['Пряха', 'пряха', 'ПРЯХА']));
    // Equally used spellings: one not in capitals names the group (the «Создать бренд» dialog starts from it).
    expect(['Пряха', 'пряха']).toContain(page.results[0].brand_text);
    expect(page.results[0].examples).toHaveLength(3);
    expect(page.results[0].examples[0]).toMatchObject({ title: 'Юбка из льна', status: 'active' });
    const filtered = (
      await get(t.app, `/v1/admin/brands/free/?q=${encodeURIComponent('нитка елка')}`, staff.auth)
    ).json();
    expect(filtered.results.map((g: { key: string }) => g.key)).toEqual(['ниткаелка']);
    expect(filtered.count).toBe(1);
  });

  it('moves the listings to the brand: search, the brand page and filter show them at once, with an audit row', async () => {
    const made = [await create('Самошвейка'), await create('само швейка', 'Блузка в горох')];
    const ids = made.map((m) => m.id);
    // The public answers are remembered (5 s here): the merge must purge them, not wait them out.
    expect(await searchIds('Vereteno')).toEqual([]);
    expect((await get(t.app, '/v1/public/brands/merge-test-vereteno/')).json().count).toBe(0);

    const merged = await post(t.app, '/v1/admin/brands/merge/', staff.auth, {
      brand_text: 'САМОШВЕЙКА',
      brand: fx.brand,
      reason: 'Мастерская под этим брендом',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      brand: { id: fx.brand, name: 'Vereteno', is_luxury: false },
      merged: 2,
      pending_review: 0,
    });
    expect([...merged.json().listing_ids].sort()).toEqual([...ids].sort());

    for (const q of ['Vereteno', 'веретено']) expect((await searchIds(q)).sort(), q).toEqual([...ids].sort());
    expect((await get(t.app, '/v1/public/brands/merge-test-vereteno/')).json().count).toBe(2);
    const byBrand = (await get(t.app, '/v1/public/products/?brand=merge-test-vereteno')).json();
    expect(byBrand.results.map((c: { id: number }) => c.id).sort()).toEqual([...ids].sort());
    const page = (await get(t.app, `/v1/public/products/${made[0]!.slug}/`)).json();
    expect(page).toMatchObject({ brand: { id: fx.brand, name: 'Vereteno' }, brand_text: null });
    // No longer a typed brand; a second merge finds nothing.
    const free = (await get(t.app, '/v1/admin/brands/free/?q=самошвейка', staff.auth)).json();
    expect(free.count).toBe(0);
    const again = await post(t.app, '/v1/admin/brands/merge/', staff.auth, {
      brand_text: 'Самошвейка',
      brand: fx.brand,
    });
    expect(again.statusCode).toBe(404);

    const audit = (await get(t.app, `/v1/admin/audit/?action=brand.merge&object_id=${fx.brand}`, staff.auth)).json();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({
      staff: { id: staff.id },
      object_type: 'brand',
      object_id: String(fx.brand),
      reason: 'Мастерская под этим брендом',
      details: { brand_text: 'САМОШВЕЙКА', pending_review: [] },
    });
    expect(audit.results[0].details.spellings.sort()).toEqual(['Самошвейка', 'само швейка'].sort());

    // The owner hears of it.
    await t.app.jobs.runDue();
    const notes = (await get(t.app, '/v1/notifications/', seller)).json();
    const texts = (notes.results ?? notes).map((n: { title: string }) => n.title);
    expect(texts).toContain('«Блузка в горох»: бренд Vereteno');
  });

  it('shows the merge on every process at once (their remembered answers purged over the fan-out)', async () => {
    const other = await secondProcess(t);
    try {
      const l = await create('Кружевница');
      const brandIdsOn = async (app: typeof t.app) =>
        (await get(app, `/v1/public/products/${l.slug}/`)).json().brand?.id ?? null;
      // Both processes remember the answer without the brand.
      expect([await brandIdsOn(t.app), await brandIdsOn(other.app)]).toEqual([null, null]);
      const res = await post(t.app, '/v1/admin/brands/merge/', staff.auth, {
        brand_text: 'кружевница',
        brand: fx.brand,
      });
      expect(res.statusCode, res.body).toBe(200);
      const until = Date.now() + REAL_TIME_MS;
      let got: (number | null)[] = [];
      while (Date.now() < until) {
        got = [await brandIdsOn(t.app), await brandIdsOn(other.app)];
        if (got.every((b) => b === fx.brand)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(got).toEqual([fx.brand, fx.brand]);
    } finally {
      await other.close();
    }
  });

  it('sends a luxury brand’s listings on sale to the authenticity check', async () => {
    const l = await create('Мезонн');
    const res = await post(t.app, '/v1/admin/brands/merge/', staff.auth, { brand_text: 'мезонн', brand: fx.luxury });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ merged: 1, pending_review: 1 });
    expect((await get(t.app, `/v1/public/products/${l.slug}/`)).statusCode).toBe(404);
    expect((await get(t.app, `/v1/products/${l.id}/`, seller)).json()).toMatchObject({ status: 'pending_review' });
  });

  it('sends a typed spelling of a luxury brand to the check as well (filed under the brand when listed)', async () => {
    const res = await postListing({
      title: 'Сумка кожаная',
      brand_text: 'мезон мерж',
      sizes: JSON.stringify([{ size: 'M', price: 90000, count: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ brand: { id: fx.luxury }, brand_text: null, status: 'pending_review' });
  });

  it('adds a brand from a typed spelling, then merges into it', async () => {
    const l = await create('Лесная Нить');
    const made = await post(t.app, '/v1/admin/brands/', staff.auth, { name: 'Лесная Нить' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      slug: 'lesnaya-nit',
      name: 'Лесная Нить',
      name_ru: 'Лесная Нить',
      is_luxury: false,
    });
    const dup = await post(t.app, '/v1/admin/brands/', staff.auth, { name: 'лесная  нить' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().name[0]).toMatch(/^Такой бренд уже есть в справочнике: Лесная Нить/);
    const merged = await post(t.app, '/v1/admin/brands/merge/', staff.auth, {
      brand_text: 'Лесная Нить',
      brand: made.json().id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await searchIds('лесная нить')).toContain(l.id);
    expect((await get(t.app, '/v1/public/brands/lesnaya-nit/')).json()).toMatchObject({
      name: 'Лесная Нить',
      count: 1,
    });
    const audit = (await get(t.app, '/v1/admin/audit/?action=brand.create', staff.auth)).json();
    expect(audit.results[0]).toMatchObject({ object_type: 'brand', object_id: String(made.json().id) });
  });

  it('answers bad input with Russian 400s naming the field, and 404 for an unknown brand', async () => {
    const url = '/v1/admin/brands/merge/';
    const empty = await post(t.app, url, staff.auth, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().brand_text[0]).toBe('Укажите бренд, как его написал продавец.');
    expect(empty.json().brand[0]).toBe('Укажите id бренда из справочника — целое число.');
    const text = await post(t.app, url, staff.auth, { brand_text: 'x', brand: 'Zara' });
    expect(text.json().brand[0]).toBe('Укажите id бренда из справочника — целое число.');
    const long = await post(t.app, url, staff.auth, { brand_text: 'Б'.repeat(61), brand: fx.brand });
    expect(long.json().brand_text[0]).toBe('Не больше 60 символов.');
    const unknown = await post(t.app, url, staff.auth, { brand_text: 'Пряха', brand: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Бренд не найден в справочнике.');
    const noName = await post(t.app, '/v1/admin/brands/', staff.auth, { is_luxury: 'да' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().name[0]).toBe('Укажите название бренда.');
    expect(noName.json().is_luxury[0]).toBe('is_luxury — true или false.');
    const longQ = await get(t.app, `/v1/admin/brands/free/?q=${'я'.repeat(101)}`, staff.auth);
    expect(longQ.statusCode).toBe(400);
    expect(longQ.json().q[0]).toBe('Не больше 100 символов.');
  });
});
