/**
 * Search through HTTP (issue «The shop runs»: «Search understands Russian»): word forms, typos, brands
 * in Latin/Cyrillic/aliases, mixed queries with sizes, relevance, the catalog's filters and sorts, pages,
 * drafts never shown, bad queries, and suggestions for the header search box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';

type PageBody = { count: number; next: string | null; results: { slug: string; price: number }[] };

describe.runIf(dbAvailable())('search', () => {
  let t: TestContext;
  let f: Fixture;
  const L = {} as Record<
    'airMax' | 'nb574' | 'moncler' | 'stone' | 'tee' | 'draft' | 'sold' | 'keds' | 'hoodie',
    { id: number; slug: string }
  >;
  const search = async (q: string, extra = '') => {
    const res = await t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return res.json() as PageBody;
  };
  const found = async (q: string, extra = '') => (await search(q, `&page_size=60${extra}`)).results.map((r) => r.slug);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    f = await makeFixture(db);
    const { a, b } = f.sellers;
    L.airMax = await addListing(db, {
      title: 'Кроссовки Nike Air Max 90 Фантазия',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      color: 'white',
      description: 'Лёгкие беговые кроссовки, носил один сезон.',
      offers: [
        { size: '42', sizeId: f.sizes.shoes['42'], price: 12990, count: 1 },
        { size: '44', sizeId: f.sizes.shoes['44'], price: 12990, count: 0 },
      ],
      publishedAt: '2026-11-20T10:00:00Z',
    });
    L.nb574 = await addListing(db, {
      title: 'Кроссовки New Balance 574',
      owner: a,
      brand: f.brands.newBalance,
      category: f.cats.sneakers,
      color: 'grey',
      offers: [{ size: '42', sizeId: f.sizes.shoes['42'], price: 7500 }],
      publishedAt: '2026-11-21T10:00:00Z',
    });
    L.moncler = await addListing(db, {
      title: 'Пуховик Moncler Maya Лучезарный',
      owner: b,
      brand: f.brands.moncler,
      category: f.cats.downJackets,
      color: 'black',
      description: 'Тёплый зимний пуховик с капюшоном.',
      offers: [{ size: 'M', sizeId: f.sizes.clothes.M, price: 89000 }],
      publishedAt: '2026-11-19T10:00:00Z',
    });
    L.stone = await addListing(db, {
      title: 'Куртка Stone Island Soft Shell',
      owner: b,
      brand: f.brands.stoneIsland,
      category: f.cats.downJackets,
      color: 'blue',
      offers: [{ size: 'L', sizeId: f.sizes.clothes.L, price: 35000 }],
      publishedAt: '2026-11-18T10:00:00Z',
    });
    L.tee = await addListing(db, {
      title: 'Футболка оверсайз хлопковая',
      owner: b,
      brand: null,
      category: f.cats.clothesRoot,
      color: 'white',
      offers: [{ size: 'S', sizeId: f.sizes.clothes.S, price: 1500 }],
      publishedAt: '2026-11-17T10:00:00Z',
    });
    const c = (await t.app.db.execute(
      sql`insert into users (first_name, city) values ('Вера', 'Омск') returning id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const cSeller = c.rows[0]!.id;
    L.keds = await addListing(db, {
      title: 'Кеды Converse Chuck 70 Hi',
      owner: cSeller,
      brand: f.brands.converse,
      category: f.cats.sneakers,
      offers: [{ size: '40', sizeId: f.sizes.shoes['40'], price: 6000 }],
    });
    L.hoodie = await addListing(db, {
      title: 'Худи Converse с капюшоном',
      owner: cSeller,
      brand: f.brands.converse,
      category: f.cats.clothesRoot,
      offers: [{ size: 'L', sizeId: f.sizes.clothes.L, price: 3000 }],
    });
    L.draft = await addListing(db, {
      title: 'Пуховик Moncler черновик секретный',
      owner: b,
      brand: f.brands.moncler,
      category: f.cats.downJackets,
      status: 'draft',
      offers: [{ size: 'M', price: 1000 }],
    });
    L.sold = await addListing(db, {
      title: 'Пуховик Moncler проданный секретный',
      owner: b,
      brand: f.brands.moncler,
      category: f.cats.downJackets,
      status: 'sold',
      offers: [{ size: 'M', price: 1000, count: 0 }],
    });
  });
  afterAll(() => t?.close());

  describe('Russian word forms (full text, russian configuration)', () => {
    it.each([
      ['пуховики', 'moncler'],
      ['Пуховиком', 'moncler'],
      ['пуховиков', 'moncler'],
      ['кроссовки', 'airMax'],
      ['кроссовками', 'nb574'],
      ['кроссовок', 'airMax'],
      ['куртки', 'stone'],
      ['курткой', 'stone'],
      ['футболки', 'tee'],
      ['хлопковые футболки', 'tee'],
      ['тёплый пуховик', 'moncler'],
      ['теплый пуховик', 'moncler'],
      ['черный пуховик', 'moncler'],
      ['белые кроссовки', 'airMax'],
    ] as const)('«%s» finds %s', async (q, key) => {
      expect(await found(q)).toContain(L[key].slug);
    });

    it('all words must match: «белые пуховики» does not find the black one', async () => {
      expect(await found('белые пуховики')).not.toContain(L.moncler.slug);
      expect(await found('серые кроссовки')).toEqual(expect.arrayContaining([L.nb574.slug]));
      expect(await found('серые кроссовки')).not.toContain(L.airMax.slug);
    });
  });

  describe('typos (pg_trgm)', () => {
    it.each([
      ['пуховек', 'moncler'],
      ['пухавик', 'moncler'],
      ['кросовки', 'airMax'],
      ['кроссовкы', 'nb574'],
      ['футбока', 'tee'],
      ['курта стон', 'stone'],
      ['монклер', 'moncler'],
      ['манклер', 'moncler'],
      ['Монклер', 'moncler'],
      ['МОНКЛЕР', 'moncler'],
    ] as const)('«%s» finds %s', async (q, key) => {
      expect(await found(q)).toContain(L[key].slug);
    });

    it('does not take a word that finds listings by itself for a typo («искристая футболка» is no cap)', async () => {
      const cap = await addListing(t.app.db, {
        title: 'Бейсболка Искристая',
        owner: f.sellers.b,
        category: f.cats.clothesRoot,
        offers: [{ size: 'M', sizeId: f.sizes.clothes['M'], price: 1900 }],
      });
      expect(await found('искристая')).toContain(cap.slug);
      // «футболка» is spelled right (T-shirts exist), so it must not match «Бейсболка» by trigram likeness.
      expect(await found('искристая футболка')).toEqual([]);
      // A real typo still finds its word: «бейсбока» is no word of its own.
      expect(await found('искристая бейсбока')).toEqual([cap.slug]);
    });
  });

  describe('brands in Latin, Cyrillic and aliases', () => {
    it.each([
      ['nike', 'airMax', 'nb574'],
      ['Nike', 'airMax', 'nb574'],
      ['найк', 'airMax', 'nb574'],
      ['найки', 'airMax', 'nb574'],
      ['new balance', 'nb574', 'airMax'],
      ['нью беланс', 'nb574', 'airMax'],
      ['нью баланс', 'nb574', 'airMax'],
      ['newbalance', 'nb574', 'airMax'],
      ['stone island', 'stone', 'moncler'],
      ['стоун айленд', 'stone', 'moncler'],
      ['стон айленд', 'stone', 'moncler'],
      ['moncler', 'moncler', 'stone'],
    ] as const)('«%s» finds %s and not %s', async (q, yes, no) => {
      const slugs = await found(q);
      expect(slugs).toContain(L[yes].slug);
      expect(slugs).not.toContain(L[no].slug);
    });
  });

  describe('brands one letter off', () => {
    it.each(['nkie', 'naike', 'найкк', 'нaйк'])('«%s» finds Nike listings and nothing else', async (q) => {
      const res = await t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}&page_size=60`);
      const body = res.json() as { count: number; results: { slug: string; brand: { slug: string } | null }[] };
      expect(body.count, q).toBeGreaterThan(0);
      expect(body.results.map((r) => r.slug)).toContain(L.airMax.slug);
      // The fixture's Nike and the demo catalog's Nike, no other brand.
      expect(body.results.every((r) => /^(tst-)?nike\b/.test(r.brand?.slug ?? ''))).toBe(true);
    });

    it('keeps a word as typed when it finds listings («пара» is no typo of «зара»)', async () => {
      const pair = await addListing(t.app.db, {
        title: 'Пара носков Nike в полоску',
        owner: f.sellers.b,
        brand: f.brands.nike,
        category: f.cats.clothesRoot,
        offers: [{ size: 'M', sizeId: f.sizes.clothes['M'], price: 900 }],
      });
      expect(await found('пара носков')).toContain(pair.slug);
    });
  });

  describe('mixed queries', () => {
    it('«кроссовки найк 42»: brand and size become filters', async () => {
      const slugs = await found('кроссовки найк 42');
      expect(slugs).toContain(L.airMax.slug);
      expect(slugs).not.toContain(L.nb574.slug);
    });

    it('«кроссовки 43» finds nothing of ours (no 43 in stock), «кроссовки 42» finds both', async () => {
      expect(await found('кроссовки 42')).toEqual(expect.arrayContaining([L.airMax.slug, L.nb574.slug]));
      const s44 = await found('кроссовки nike 44', `&seller=${f.sellers.a}`);
      expect(s44).not.toContain(L.nb574.slug);
    });

    it('«кросовки нью беланс», «пуховик монклер», «монклер пуховек m»', async () => {
      expect(await found('кросовки нью беланс')).toEqual(expect.arrayContaining([L.nb574.slug]));
      expect(await found('кросовки нью беланс')).not.toContain(L.airMax.slug);
      expect(await found('пуховик монклер')).toContain(L.moncler.slug);
      expect(await found('монклер пуховек m')).toContain(L.moncler.slug);
    });

    it("«кеды конверс»: a category word inside a brand alias («конверсы кеды») does not match the brand's hoodie", async () => {
      const slugs = await found('кеды конверс');
      expect(slugs).toContain(L.keds.slug);
      expect(slugs).not.toContain(L.hoodie.slug);
      expect(await found('конверсы кеды')).toContain(L.keds.slug);
      expect(await found('конверс')).toEqual(expect.arrayContaining([L.keds.slug, L.hoodie.slug]));
    });

    it('«пуховик мужской», «мужские кроссовки»: a type word becomes the type filter', async () => {
      const ofB = `&seller=${f.sellers.b}`;
      expect(await found('пуховик мужской', ofB)).toContain(L.moncler.slug);
      expect(await found('пуховики для мужчин', ofB)).toContain(L.moncler.slug);
      expect(await found('пуховик женский', ofB)).toEqual([]);
      expect((await found('мужские кроссовки', `&seller=${f.sellers.a}`)).sort()).toEqual(
        [L.airMax.slug, L.nb574.slug].sort(),
      );
      // A type chosen in the filters wins over the word: the word is then left out.
      expect(await found('пуховик женский', `${ofB}&type=men`)).toContain(L.moncler.slug);
      expect(await found('пуховик мужской', `${ofB}&type=women`)).toEqual([]);
    });

    it('ranks by relevance: the brand and title match first', async () => {
      const p = await search('кроссовки nike', `&seller=${f.sellers.a}`);
      expect(p.results[0]!.slug).toBe(L.airMax.slug);
      const p2 = await search('кроссовки new balance', `&seller=${f.sellers.a}`);
      expect(p2.results[0]!.slug).toBe(L.nb574.slug);
    });
  });

  describe('filters, sorting, pages', () => {
    it('takes the catalog filters', async () => {
      expect(await found('пуховик', `&color=black&seller=${f.sellers.b}`)).toEqual([L.moncler.slug]);
      expect(await found('кроссовки', `&brand=${f.brands.newBalance.slug}`)).toEqual([L.nb574.slug]);
      expect(await found('кроссовки', `&price_max=8000&seller=${f.sellers.a}`)).toEqual([L.nb574.slug]);
      expect(await found('кроссовки', `&size=42&category=${f.cats.shoesRoot}&seller=${f.sellers.a}`)).toHaveLength(2);
      expect(await found('куртка', `&type=women&seller=${f.sellers.b}`)).toEqual([]);
      const bad = await t.app.inject(`/v1/public/search/?q=${encodeURIComponent('кроссовки')}&color=ultraviolet`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['color']);
    });

    it('sorts by price and date when asked', async () => {
      const byPrice = await search('кроссовки', `&seller=${f.sellers.a}&sort=price_desc`);
      expect(byPrice.results.map((r) => r.slug)).toEqual([L.airMax.slug, L.nb574.slug]);
      const byNew = await search('кроссовки', `&seller=${f.sellers.a}&sort=new`);
      expect(byNew.results.map((r) => r.slug)).toEqual([L.nb574.slug, L.airMax.slug]);
    });

    it('answers DRF pages; past the end → 404 «Неверная страница.»', async () => {
      const p = await search('кроссовки', `&seller=${f.sellers.a}&page_size=1`);
      expect(p.count).toBe(2);
      expect(p.results).toHaveLength(1);
      expect(p.next).toContain('page=2');
      expect(p.next).toContain('q=');
      const past = await t.app.inject(
        `/v1/public/search/?q=${encodeURIComponent('кроссовки')}&seller=${f.sellers.a}&page=3&page_size=1`,
      );
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Неверная страница.' });
    });

    it('never shows drafts or sold listings', async () => {
      expect(await found('секретный')).toEqual([]);
      expect(await found('черновик')).not.toContain(L.draft.slug);
      expect(await found('пуховик монклер')).not.toContain(L.sold.slug);
    });

    it('finds nothing for nonsense, without errors', async () => {
      expect((await search('ъъъщщщыыы')).count).toBe(0);
    });
  });

  describe('bad queries', () => {
    it.each([
      ['missing', '/v1/public/search/'],
      ['empty', '/v1/public/search/?q='],
      ['whitespace', `/v1/public/search/?q=${encodeURIComponent('   ')}`],
      ['too long', `/v1/public/search/?q=${'я'.repeat(201)}`],
    ])('%s q → 400 {q: [...]}', async (_name, url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['q']);
      expect(res.json().q[0]).toMatch(/[а-я]/);
    });

    it.each(["' or 1=1 --", 'a & b | !c', 'кроссовки:* & (', '"пуховик', '\\', '%_%', 'а и в', '!!!', '42', 'm'])(
      'survives «%s»',
      async (q) => {
        const res = await t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
      },
    );
  });

  describe('GET /v1/public/search/suggest/', () => {
    const suggest = async (q: string) => {
      const res = await t.app.inject(`/v1/public/search/suggest/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        brands: { id: number; slug: string; name: string }[];
        categories: { id: number; name: string; type: string }[];
        products: { slug: string; title: string; price: number }[];
      };
    };

    it('suggests brands by Latin, Cyrillic, alias and typo', async () => {
      for (const q of ['mon', 'монк', 'монклер', 'манклер', 'Moncler']) {
        expect(
          (await suggest(q)).brands.map((b) => b.slug),
          q,
        ).toContain(f.brands.moncler.slug);
      }
      expect((await suggest('найк')).brands.map((b) => b.slug)).toContain(f.brands.nike.slug);
      expect((await suggest('нью')).brands.map((b) => b.slug)).toContain(f.brands.newBalance.slug);
      expect((await suggest('стон')).brands.map((b) => b.slug)).toContain(f.brands.stoneIsland.slug);
    });

    it('suggests categories and listings by prefix and typo, at most 5/5/6', async () => {
      const s = await suggest('кросс');
      expect(s.categories.map((c) => c.id)).toContain(f.cats.sneakers);
      expect(s.products.length).toBeGreaterThan(0);
      expect(s.brands.length).toBeLessThanOrEqual(5);
      expect(s.categories.length).toBeLessThanOrEqual(5);
      expect(s.products.length).toBeLessThanOrEqual(6);
      expect((await suggest('фантаз')).products.map((p) => p.slug)).toEqual([L.airMax.slug]);
      expect((await suggest('пуховик лучез')).products.map((p) => p.slug)).toEqual([L.moncler.slug]);
      expect((await suggest('пуховек лучезарный')).products.map((p) => p.slug)).toEqual([L.moncler.slug]);
      expect((await suggest('лучезарнй')).products.map((p) => p.slug)).toContain(L.moncler.slug);
      const typo = (await suggest('пуховек')).products;
      expect(typo.length).toBeGreaterThan(0);
      expect(typo.some((p) => /пухов/i.test(p.title))).toBe(true);
      const air = (await suggest('air max фантазия')).products.find((p) => p.slug === L.airMax.slug);
      expect(air).toMatchObject({ title: 'Кроссовки Nike Air Max 90 Фантазия', price: 12990 });
      expect((await suggest('секретный')).products).toEqual([]);
    });

    it('works from 2 characters; shorter or missing → empty lists; over 200 → 400', async () => {
      expect(await suggest('п')).toEqual({ brands: [], categories: [], products: [] });
      expect(await suggest('')).toEqual({ brands: [], categories: [], products: [] });
      expect((await t.app.inject('/v1/public/search/suggest/')).json()).toEqual({
        brands: [],
        categories: [],
        products: [],
      });
      expect((await suggest('пу')).categories.map((c) => c.id)).toContain(f.cats.downJackets);
      expect((await t.app.inject(`/v1/public/search/suggest/?q=${'я'.repeat(201)}`)).statusCode).toBe(400);
      for (const q of ["' or 1=1", 'a & b', ':*', '!!']) {
        expect((await t.app.inject(`/v1/public/search/suggest/?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
      }
    });
  });
});
