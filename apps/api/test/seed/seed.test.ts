/**
 * The demo catalog generator (issue «The shop runs»): the test template is seeded by the real
 * generator with 48 listings and seed 7; these tests read that copy through SQL and the files under
 * the media directory, and check the plan is deterministic.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { planCatalog } from '../../src/seed/index.js';
import { CONDITIONS, COLORS } from '@vitrina/contract/catalog';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const TEMPLATE_PRODUCTS = 48;
const TEMPLATE_SEED = 7;

describe.runIf(dbAvailable())('demo catalog seed', () => {
  let t: TestContext;
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has the three catalog types and a Russian category tree with size grids', async () => {
    const types = await q<{ id: string; name: string }>(sql`select id, name from catalog_types order by position`);
    expect(types.map((x) => x.id)).toEqual(['women', 'men', 'kids']);
    const roots = await q<{ type: string; name: string }>(
      sql`select type, name from categories where parent_id is null`,
    );
    for (const type of ['women', 'men', 'kids']) {
      expect(roots.filter((r) => r.type === type).map((r) => r.name)).toEqual(
        expect.arrayContaining(['Одежда', 'Обувь', 'Сумки', 'Аксессуары']),
      );
    }
    const leaves = await q<{ name: string; type: string; grid: number | null; n: number }>(
      sql`select c.name, c.type, c.size_grid_id as grid, (select count(*)::int from sizes s where s.grid_id = c.size_grid_id) as n
          from categories c where c.parent_id is not null`,
    );
    expect(leaves.length).toBeGreaterThan(60);
    for (const l of leaves) expect(l.n, `${l.type}/${l.name}`).toBeGreaterThan(0);
    const names = leaves.filter((l) => l.type === 'women').map((l) => l.name);
    expect(names).toEqual(
      expect.arrayContaining(['Куртки', 'Пуховики', 'Джинсы', 'Платья', 'Кроссовки', 'Ботинки', 'Рюкзаки', 'Шапки']),
    );
  });

  it('has size grids with RU/EU/US and readable labels', async () => {
    const sizes = await q<{
      grid: string;
      value: string;
      label: string;
      ru: string | null;
      eu: string | null;
      us: string | null;
    }>(
      sql`select g.slug as grid, s.value, s.label, s.ru, s.eu, s.us from sizes s join size_grids g on g.id = s.grid_id order by g.id, s.position`,
    );
    const m = sizes.find((s) => s.grid === 'clothes-women' && s.value === 'M')!;
    expect(m).toMatchObject({ ru: '46', eu: '40' });
    expect(m.label).toBe('M (RU 46, EU 40)');
    const shoe = sizes.find((s) => s.grid === 'shoes-men' && s.value === '42')!;
    expect(shoe.ru && shoe.us).toBeTruthy();
    expect(sizes.filter((s) => s.grid === 'clothes-kids').map((s) => s.value)).toContain('110');
    expect(sizes.find((s) => s.grid === 'one-size')?.value).toBe('Без размера');
  });

  it('has at least 45 brands with Cyrillic names and aliases, mass to luxury', async () => {
    const brands = await q<{ name: string; name_ru: string; aliases: string[]; tier: string }>(
      sql`select name, name_ru, aliases, tier from brands`,
    );
    expect(brands.length).toBeGreaterThanOrEqual(45);
    for (const b of brands) expect(b.name_ru, b.name).toMatch(/[а-яё]/i);
    expect(new Set(brands.map((b) => b.tier))).toEqual(new Set(['mass', 'premium', 'luxury']));
    const byName = new Map(brands.map((b) => [b.name, b]));
    expect(byName.get('Nike')?.name_ru).toBe('Найк');
    expect(byName.get('New Balance')?.aliases).toContain('nb');
    expect(byName.get('Stone Island')?.aliases).toContain('стоник');
    for (const name of [
      'Adidas',
      'Converse',
      'Vans',
      'Salomon',
      'The North Face',
      'Moncler',
      'Acne Studios',
      'Gucci',
      'Prada',
      'Zara',
      'Uniqlo',
      "Levi's",
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
  });

  it('has at least 30 sellers from Russian cities', async () => {
    const sellers = await q<{ first_name: string; city: string; phone: string | null }>(
      sql`select first_name, city, phone from users where id in (select owner_id from products) or phone is null`,
    );
    expect(sellers.length).toBeGreaterThanOrEqual(30);
    for (const s of sellers) {
      expect(s.first_name).toMatch(/^[А-ЯЁ][а-яё]+$/);
      expect(s.city).toMatch(/[А-ЯЁ]/);
    }
  });

  it('has the listings with consistent offers, prices, photos and search text', async () => {
    const products = await q<{
      id: number;
      slug: string;
      title: string;
      description: string;
      condition: string;
      color: string;
      status: string;
      min_price: number;
      search_text: string;
      name_ru: string;
      published_at: string | null;
      low: number;
      offers: number;
      photos: number;
    }>(sql`select p.id, p.slug, p.title, p.description, p.condition, p.color, p.status, p.min_price, p.search_text, b.name_ru, p.published_at,
              (select min(price) from offers o where o.product_id = p.id) as low,
              (select count(*)::int from offers o where o.product_id = p.id) as offers,
              (select count(*)::int from product_photos f where f.product_id = p.id) as photos
           from products p join brands b on b.id = p.brand_id`);
    expect(products).toHaveLength(TEMPLATE_PRODUCTS);
    expect(products.filter((p) => p.status === 'active').length).toBeGreaterThan(TEMPLATE_PRODUCTS * 0.8);
    const conditions = CONDITIONS.map((c) => c.value as string);
    const colors = COLORS.map((c) => c.value as string);
    for (const p of products) {
      expect(p.min_price, p.title).toBe(p.low);
      expect(p.min_price % 100).toBe(0);
      expect(p.offers).toBeGreaterThanOrEqual(1);
      expect(p.offers).toBeLessThanOrEqual(3);
      expect(p.photos).toBeGreaterThanOrEqual(1);
      expect(p.photos).toBeLessThanOrEqual(5);
      expect(conditions).toContain(p.condition);
      expect(colors).toContain(p.color);
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      expect(p.title).toMatch(/[А-ЯЁа-яё]/);
      expect(p.description.split(/[.!?]\s/).length).toBeGreaterThanOrEqual(2);
      expect(p.search_text).toContain(p.name_ru);
      expect(p.published_at).not.toBeNull();
    }
  });

  it('stores the photos as files through the media pipeline', async () => {
    const keys = await q<{ key: string }>(sql`select distinct key from product_photos`);
    expect(keys.length).toBeGreaterThan(10);
    for (const { key } of keys) {
      expect(key).toMatch(/^p\/[0-9a-f]{2}\/[0-9a-f]{24}$/);
      for (const w of [320, 640, 1280])
        expect(existsSync(path.join(t.config.mediaDir, key, `${w}.webp`)), `${key}/${w}`).toBe(true);
    }
    const res = await t.app.inject(`/media/${keys[0]!.key}/640.webp`);
    expect(res.statusCode).toBe(200);
  });

  it('has at least 8 compilations with covers and fitting listings', async () => {
    const comps = await q<{ slug: string; title: string; description: string; cover: string | null; n: number }>(
      sql`select c.slug, c.title, c.description, c.cover, (select count(*)::int from compilation_products cp where cp.compilation_id = c.id) as n
          from compilations c order by position`,
    );
    expect(comps.length).toBeGreaterThanOrEqual(8);
    for (const c of comps) expect(c.description.length).toBeGreaterThan(20);
    expect(comps.filter((c) => c.n > 0 && c.cover).length).toBeGreaterThanOrEqual(5);
    const kids = await q<{ type: string }>(
      sql`select p.type from compilation_products cp join compilations c on c.id = cp.compilation_id join products p on p.id = cp.product_id where c.slug = 'dlya-detey'`,
    );
    for (const k of kids) expect(k.type).toBe('kids');
  });

  it('is deterministic: the same seed gives the same catalog, another seed another one', async () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const a = planCatalog(TEMPLATE_PRODUCTS, TEMPLATE_SEED, now).listings.map(
      (l) => `${l.title}|${l.minPrice}|${l.offers.map((o) => o.size).join(',')}`,
    );
    const b = planCatalog(TEMPLATE_PRODUCTS, TEMPLATE_SEED, now).listings.map(
      (l) => `${l.title}|${l.minPrice}|${l.offers.map((o) => o.size).join(',')}`,
    );
    expect(a).toEqual(b);
    const c = planCatalog(TEMPLATE_PRODUCTS, TEMPLATE_SEED + 1, now).listings.map(
      (l) => `${l.title}|${l.minPrice}|${l.offers.map((o) => o.size).join(',')}`,
    );
    expect(c).not.toEqual(a);
    // The template was seeded by the same generator with the same seed.
    const titles = await q<{ title: string }>(sql`select title from products order by id`);
    expect(titles.map((x) => x.title)).toEqual(
      planCatalog(TEMPLATE_PRODUCTS, TEMPLATE_SEED, now).listings.map((l) => l.title),
    );
  });
});
