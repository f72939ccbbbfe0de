/**
 * Russian typed on the Latin keyboard layout (lib/keyboard-layout.ts): the conversion and the «looks typed on
 * the wrong layout» test without a database, then search, its hints and the header box's suggestions through
 * HTTP finding «кроссовки» for «rhjccjdrb» while Latin brand names stay as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromLatinLayout, looksLikeWrongLayout } from '../../src/lib/keyboard-layout.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe('keyboard layout', () => {
  it.each([
    ['rhjccjdrb', 'кроссовки'],
    ['ghjlfnm', 'продать'],
    ['[kt,', 'хлеб'],
    ['Gkfnmt xthyjt', 'Платье черное'],
    ['rtls 42', 'кеды 42'],
  ])('«%s» reads «%s» on the Russian layout', (typed, meant) => {
    expect(fromLatinLayout(typed)).toBe(meant);
  });

  it('leaves Cyrillic and letterless text alone', () => {
    expect(fromLatinLayout('кроссовки')).toBeNull();
    expect(fromLatinLayout('42')).toBeNull();
    expect(fromLatinLayout('кеды nike')).toBeNull();
  });

  it.each(['rhjccjdrb', 'ghjlfnm', 'rtls', 'j,edm'])('«%s» looks typed on the wrong layout', (q) => {
    expect(looksLikeWrongLayout(q)).toBe(true);
  });

  it.each(['nike', 'new balance', 'levis', 'stone island', 'xxl', 'nike xl', 'кроссовки'])(
    '«%s» is read as typed',
    (q) => {
      expect(looksLikeWrongLayout(q)).toBe(false);
    },
  );
});

describe.runIf(dbAvailable())('search on the wrong keyboard layout', () => {
  let t: TestContext;
  let f: Fixture;
  let sneakers: { slug: string };
  let nikeTee: { slug: string };
  let bag: { slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    f = await makeFixture(t.app.db);
    sneakers = await addListing(t.app.db, {
      title: 'Кроссовки беговые лёгкие',
      owner: f.sellers.a,
      brand: null,
      category: f.cats.sneakers,
      offers: [{ size: '42', sizeId: f.sizes.shoes['42'], price: 5000 }],
    });
    nikeTee = await addListing(t.app.db, {
      title: 'Футболка Nike хлопковая',
      owner: f.sellers.b,
      brand: f.brands.nike,
      category: f.cats.clothesRoot,
      offers: [{ size: 'M', sizeId: f.sizes.clothes.M, price: 2000 }],
    });
    bag = await addListing(t.app.db, {
      title: 'Сумка кожаная через плечо',
      owner: f.sellers.b,
      brand: null,
      category: f.cats.bags,
      offers: [{ size: 'ONE', price: 3000 }],
    });
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const slugs = async (q: string) =>
    (await get<{ results: { slug: string }[] }>(`/v1/public/search/?q=${encodeURIComponent(q)}`)).results.map(
      (r) => r.slug,
    );

  it('finds «кроссовки» for «rhjccjdrb» and says what it searched for', async () => {
    expect(await slugs('rhjccjdrb')).toContain(sneakers.slug);
    const hints = await get<{ correction: string | null }>('/v1/public/search/hints/?q=rhjccjdrb');
    expect(hints.correction).toBe('кроссовки');
  });

  it('reads a Latin query with vowels on the Russian layout only when it finds nothing as typed', async () => {
    expect(await slugs('rhjccjdrb ,tujdst')).toContain(sneakers.slug); // «кроссовки беговые»
    // «cevrf» has a Latin vowel: as typed it finds nothing, so «сумка» is searched.
    expect(looksLikeWrongLayout('cevrf')).toBe(false);
    expect(await slugs('cevrf')).toContain(bag.slug);
    expect(await slugs('nike')).toContain(nikeTee.slug);
  });

  it('suggests the category and the listings for «rhjcc»/«rhjccjdrb»', async () => {
    const s = await get<{ categories: { name: string }[]; products: { slug: string }[] }>(
      '/v1/public/search/suggest/?q=rhjccjdrb',
    );
    expect(s.categories.map((c) => c.name)).toContain('Кроссовки');
    expect(s.products.map((p) => p.slug)).toContain(sneakers.slug);
    const prefix = await get<{ categories: { name: string }[] }>('/v1/public/search/suggest/?q=rhjcc');
    expect(prefix.categories.map((c) => c.name)).toContain('Кроссовки');
  });
});
