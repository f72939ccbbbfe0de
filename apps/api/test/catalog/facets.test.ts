/**
 * Filter counts through HTTP («No dead ends»: size filters show only the sizes of the page's
 * listings, counted with the other filters applied): `GET /v1/public/facets/` against the list call on the
 * seeded demo catalog — every offered value's count equals the list's total with that value chosen, a
 * children's catalog offers children's sizes only, a chosen value stays listed, search pages count the
 * search's own matches, bad filters are 400s naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facetsSchema, type Facets } from '@vitrina/contract/catalog';
import { createTestApp, dbAvailable, getOk, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('facets', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (path: string) => getOk(t.app, path);
  const facets = async (query: string) => facetsSchema.parse(await get(`/v1/public/facets/?${query}`));
  const total = async (endpoint: string, query: string) =>
    ((await get(`${endpoint}?${query}&page_size=1`)) as { count: number }).count;

  /** Every offered value of every facet: its count is the list's total with it chosen (and never 0). */
  async function expectCountsMatchList(query: string, f: Facets, endpoint = '/v1/public/products/') {
    const checks: [string, string, number][] = [
      ...f.brands.map((b) => ['brand', b.value, b.count] as [string, string, number]),
      ...f.sizes.map((s) => ['size', s.value, s.count] as [string, string, number]),
      ...f.conditions.map((c) => ['condition', c.value, c.count] as [string, string, number]),
      ...f.colors.map((c) => ['color', c.value, c.count] as [string, string, number]),
    ];
    expect(checks.length).toBeGreaterThan(0);
    for (const [key, value, count] of checks) {
      expect(count, `${query} ${key}=${value}`).toBeGreaterThan(0);
      const params = new URLSearchParams(query);
      params.set(key, value);
      expect(await total(endpoint, params.toString()), `${query} ${key}=${value}`).toBe(count);
    }
  }

  it('the children’s catalog offers only children’s sizes, each finding exactly its count', async () => {
    const f = await facets('type=kids');
    expect(f.sizes.length).toBeGreaterThan(0);
    // Every size offered is a size of a children's grid (of a category of the kids type).
    const cats = (await get('/v1/public/categories/kids/')) as { id: number; has_sizes: boolean }[];
    const kidsSizes = new Set<string>();
    for (const c of cats.filter((x) => x.has_sizes)) {
      for (const s of (await get(`/v1/public/sizes/${c.id}/`)) as { value: string }[]) kidsSizes.add(s.value);
    }
    for (const s of f.sizes) {
      expect(kidsSizes.has(s.value), s.value).toBe(true);
      expect(s.group).toMatch(/детск|Без размера/i);
    }
    // Adult letter sizes never come up for children.
    expect(f.sizes.map((s) => s.value)).not.toContain('M');
    await expectCountsMatchList('type=kids', f);
  });

  it('counts apply the other filters, not the facet’s own choice', async () => {
    const all = await facets('type=women');
    const condition = all.conditions[0]!.value;
    const narrowed = await facets(`type=women&condition=${condition}`);
    // Sizes now count only that condition's listings…
    expect(narrowed.sizes.reduce((n, s) => n + s.count, 0)).toBeLessThanOrEqual(
      all.sizes.reduce((n, s) => n + s.count, 0),
    );
    await expectCountsMatchList(`type=women&condition=${condition}`, narrowed);
    // …while the conditions still list the alternatives (their counts leave out the condition chosen).
    expect(narrowed.conditions).toEqual(all.conditions);

    // A chosen size: the sizes keep their counts without it, the other facets count with it.
    const size = all.sizes[0]!.value;
    const withSize = await facets(`type=women&size=${encodeURIComponent(size)}`);
    expect(withSize.sizes).toEqual(all.sizes);
    await expectCountsMatchList(`type=women&size=${encodeURIComponent(size)}`, withSize);
  });

  it('brands: most listings first, then A–Z; a chosen brand leaves the brands’ counts as they were', async () => {
    const all = await facets('type=women');
    expect(all.brands.length).toBeGreaterThan(1);
    const chars = (await get('/v1/product/chars/')) as {
      data: { brands: { id: number; slug: string; name: string }[] };
    };
    const nameOf = new Map(chars.data.brands.map((b) => [String(b.id), b.name.toLowerCase()]));
    for (let i = 1; i < all.brands.length; i++) {
      const [a, b] = [all.brands[i - 1]!, all.brands[i]!];
      expect(a.count > b.count || (a.count === b.count && nameOf.get(a.value)! <= nameOf.get(b.value)!)).toBe(true);
    }
    // The brands sum to the listings the page shows (every demo listing has a brand).
    expect(all.brands.reduce((n, b) => n + b.count, 0)).toBe(all.count);

    const brand = all.brands[1]!;
    const chosen = await facets(`type=women&brand=${brand.value}`);
    expect(chosen.brands).toEqual(all.brands);
    expect(chosen.count).toBe(brand.count);
    // The other facets count that brand's listings only.
    await expectCountsMatchList(`type=women&brand=${brand.value}`, chosen);
  });

  it('a chosen brand with no listing among the matches stays listed with 0 (by id or by slug)', async () => {
    const kids = await facets('type=kids');
    const chars = (await get('/v1/product/chars/')) as { data: { brands: { id: number; slug: string }[] } };
    const absent = chars.data.brands.find((b) => !kids.brands.some((k) => k.value === String(b.id)));
    expect(absent).toBeDefined();
    for (const v of [String(absent!.id), absent!.slug]) {
      const f = await facets(`type=kids&brand=${v}`);
      expect(f.brands.at(-1)).toEqual({ value: String(absent!.id), count: 0 });
      expect(f.brands.slice(0, -1)).toEqual(kids.brands);
    }
  });

  it('a chosen value no listing has stays listed with 0, so it can be unchosen', async () => {
    const f = await facets('type=kids&size=XXL&color=purple');
    expect(f.sizes.find((s) => s.value === 'XXL')).toMatchObject({ count: 0 });
    expect(f.colors.find((c) => c.value === 'purple')).toBeDefined();
  });

  it('a search page counts the search’s own matches (typos included)', async () => {
    const list = (await get('/v1/public/search/?q=%D0%BA%D1%80%D0%BE%D1%81%D0%BE%D0%B2%D0%BA%D0%B8')) as {
      count: number;
    };
    expect(list.count).toBeGreaterThan(0);
    const q = 'q=' + encodeURIComponent('кросовки');
    const f = await facets(q);
    expect(f.sizes.length).toBeGreaterThan(0);
    await expectCountsMatchList(q, f, '/v1/public/search/');
  });

  it('bad filters are 400s naming the field, as the list call', async () => {
    for (const [query, field] of [
      ['condition=broken', 'condition'],
      ['type=aliens', 'type'],
      ['price_min=10&price_max=5', 'price_max'],
    ] as const) {
      const res = await t.app.inject(`/v1/public/facets/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json() as object)).toContain(field);
    }
  });
});
