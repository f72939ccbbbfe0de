/**
 * A listing without a listed brand (issue 39 «Selling»): «Без бренда» (`no_brand`) and a brand typed by the seller
 * (`brand_text`, kept as typed, searchable, on the card and the product page); a typed spelling of a listed brand
 * («зара тест», the same on the Latin layout) is filed under that brand; publishing still needs one of the three;
 * the «Бренд» field's brand matches (`GET /v1/public/search/brands/`).
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, sizeGrids, sizes } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, multipart, signIn, type TestContext } from '../helpers.js';

type Auth = { authorization: string };

describe.runIf(dbAvailable())('selling without a listed brand', () => {
  let t: TestContext;
  let a: Auth;
  let img: Buffer;
  let fx: { brand: number; leaf: number };

  const fields = (over: Record<string, string>) => ({
    title: 'Платье ручной работы',
    description: 'Сшито на заказ.',
    brand: '',
    category: String(fx.leaf),
    condition: 'excellent',
    sizes: JSON.stringify([{ size: 'M', price: 2500, count: 1 }]),
    ...over,
  });
  const send = async (method: 'POST' | 'PATCH', url: string, f: Record<string, string>, withPhoto = true) => {
    const body = multipart(
      f,
      withPhoto ? [{ field: 'photos', filename: 'p.jpg', contentType: 'image/jpeg', data: img }] : [],
    );
    return t.app.inject({ method, url, headers: { ...a, ...body.headers }, payload: body.payload });
  };
  const create = (over: Record<string, string>) => send('POST', '/v1/products/', fields(over));

  beforeAll(async () => {
    t = await createTestApp();
    a = (await signIn(t.app)).auth;
    img = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b48a5a' } })
      .jpeg()
      .toBuffer();
    const db = t.app.db;
    const [grid] = await db.insert(sizeGrids).values({ slug: 'free-brand-grid', name: 'Одежда, тест' }).returning();
    await db
      .insert(sizes)
      .values(['S', 'M', 'L'].map((v, i) => ({ gridId: grid!.id, value: v, label: v, position: i })));
    const [brand] = await db
      .insert(brands)
      .values({ slug: 'free-brand-zara', name: 'Zara Free', nameRu: 'Зара Фри', aliases: ['зарафри'] })
      .returning();
    const [type] = await db
      .execute(sql`select id from catalog_types where id = 'women'`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    if (!type) await db.execute(sql`insert into catalog_types (id, name, position) values ('women', 'Женщинам', 0)`);
    const [leaf] = await db
      .insert(categories)
      .values({ type: 'women', slug: 'free-brand-dresses', name: 'Платья свободные тест', sizeGridId: grid!.id })
      .returning();
    fx = { brand: brand!.id, leaf: leaf!.id };
  });
  afterAll(() => t?.close());

  it('publishes a brand typed by the seller, keeps it as typed, finds it and shows it on the card and page', async () => {
    const res = await create({ brand_text: '  Самошвей Глория ' });
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({ brand: null, brand_text: 'Самошвей Глория', no_brand: false, status: 'active' });
    const page = await t.app.inject({ url: `/v1/public/products/${l.slug}/` });
    expect(page.json()).toMatchObject({ brand: null, brand_text: 'Самошвей Глория' });
    const found = await t.app.inject({ url: `/v1/public/search/?q=${encodeURIComponent('самошвей')}` });
    const card = found.json().results.find((c: { id: number }) => c.id === l.id);
    expect(card).toMatchObject({ brand: null, brand_text: 'Самошвей Глория' });
    const mine = await t.app.inject({ url: '/v1/product_owner/?status=active', headers: a });
    expect(mine.json().results.find((c: { id: number }) => c.id === l.id)).toMatchObject({
      brand_text: 'Самошвей Глория',
    });
  });

  it('publishes «Без бренда»', async () => {
    const res = await create({ no_brand: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ brand: null, brand_text: null, no_brand: true });
    const page = await t.app.inject({ url: `/v1/public/products/${res.json().slug}/` });
    expect(page.json()).toMatchObject({ brand: null, brand_text: null });
  });

  it('files a typed spelling of a listed brand under it (Cyrillic, alias, the Latin layout)', async () => {
    for (const typed of ['зара фри', 'Зарафри', 'pfhf ahb', 'ZARA FREE']) {
      const res = await create({ brand_text: typed });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json(), typed).toMatchObject({ brand: { id: fx.brand, name: 'Zara Free' }, brand_text: null });
    }
  });

  it('still asks for a brand choice to publish, and names bad brand fields in Russian', async () => {
    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(none.json().brand[0]).toBe('Выберите бренд из списка, «Без бренда» или впишите свой.');
    const long = await create({ brand_text: 'Б'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().brand_text[0]).toBe('Название бренда — до 60 символов.');
    const flag = await create({ no_brand: 'может быть' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().no_brand[0]).toBe('Ожидается «true» или «false».');
    // The spec's payload: a listed brand id alone still works, and a draft needs no brand.
    const listed = await create({ brand: String(fx.brand) });
    expect(listed.json()).toMatchObject({ brand: { id: fx.brand }, brand_text: null, no_brand: false });
    const draft = await send('POST', '/v1/products/', { ...fields({}), draft: 'true' }, false);
    expect(draft.statusCode, draft.body).toBe(201);
  });

  it('switches between a typed brand, «Без бренда» and a listed one on edit; other edits keep the choice', async () => {
    const id = (await create({ brand_text: 'Мастерская Оли' })).json().id as number;
    const kept = await send('PATCH', `/v1/products/${id}/`, { title: 'Платье ручной работы, лён' }, false);
    expect(kept.json()).toMatchObject({ brand_text: 'Мастерская Оли', no_brand: false });
    const plain = await send('PATCH', `/v1/products/${id}/`, { no_brand: 'true' }, false);
    expect(plain.json()).toMatchObject({ brand: null, brand_text: null, no_brand: true });
    const listed = await send('PATCH', `/v1/products/${id}/`, { brand: String(fx.brand) }, false);
    expect(listed.json()).toMatchObject({ brand: { id: fx.brand }, brand_text: null, no_brand: false });
  });

  it('matches listed brands a typed name may mean, on the Latin layout too', async () => {
    for (const q of ['зара ф', 'zara fr', 'pfhf a']) {
      const res = await t.app.inject({ url: `/v1/public/search/brands/?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(
        res.json().results.map((b: { id: number }) => b.id),
        q,
      ).toContain(fx.brand);
    }
    expect((await t.app.inject({ url: '/v1/public/search/brands/?q=з' })).json()).toEqual({ results: [] });
  });
});
