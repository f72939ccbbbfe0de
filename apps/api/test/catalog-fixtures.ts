/**
 * Precise catalog fixtures for the catalog and search tests: a small known world (grids, categories,
 * brands, sellers, listings) inserted next to the seeded demo catalog, with `tst-` slugs so exact
 * assertions do not depend on what the seed generator produces.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/client.js';
import { buildSearchText } from '../src/modules/catalog/search-text.js';
import { hashToken, newTokenKey } from '../src/plugins/auth.js';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0]!;

export interface Fixture {
  grids: { shoes: number; clothes: number };
  sizes: { shoes: Record<string, number>; clothes: Record<string, number> };
  cats: { shoesRoot: number; sneakers: number; clothesRoot: number; downJackets: number; bags: number };
  brands: Record<
    'nike' | 'newBalance' | 'moncler' | 'stoneIsland' | 'converse',
    { id: number; slug: string; name: string }
  >;
  sellers: { a: number; b: number };
  compilation: { id: number; slug: string };
}

/** Inserts the fixture world (idempotent per database: call once per test file). */
export async function makeFixture(db: Db): Promise<Fixture> {
  const u = uniq();
  await db.execute(
    sql`insert into catalog_types (id, name, position) values ('women', 'Женщинам', 0), ('men', 'Мужчинам', 1), ('kids', 'Детям', 2) on conflict do nothing`,
  );
  const shoes = (
    await one<{ id: number }>(
      db,
      sql`insert into size_grids (slug, name) values (${`tst-shoes-${u}`}, 'Обувь, тест') returning id`,
    )
  ).id;
  const clothes = (
    await one<{ id: number }>(
      db,
      sql`insert into size_grids (slug, name) values (${`tst-clothes-${u}`}, 'Одежда, тест') returning id`,
    )
  ).id;
  const shoeSizes: Record<string, number> = {};
  for (const [i, v] of ['40', '41', '42', '43', '44'].entries()) {
    shoeSizes[v] = (
      await one<{ id: number }>(
        db,
        sql`insert into sizes (grid_id, value, label, ru, eu, us, position) values (${shoes}, ${v}, ${`${v} RU`}, ${v}, ${v}, ${String(Number(v) - 33)}, ${i}) returning id`,
      )
    ).id;
  }
  const clothesSizes: Record<string, number> = {};
  for (const [i, v] of ['XS', 'S', 'M', 'L', 'XL'].entries()) {
    clothesSizes[v] = (
      await one<{ id: number }>(
        db,
        sql`insert into sizes (grid_id, value, label, position) values (${clothes}, ${v}, ${`${v} (${44 + i * 2})`}, ${i}) returning id`,
      )
    ).id;
  }
  const cat = async (slug: string, name: string, parent: number | null, grid: number | null) =>
    (
      await one<{ id: number }>(
        db,
        sql`insert into categories (type, slug, name, parent_id, size_grid_id, position) values ('men', ${`tst-${slug}-${u}`}, ${name}, ${parent}, ${grid}, 99) returning id`,
      )
    ).id;
  const shoesRoot = await cat('obuv', 'Обувь', null, shoes);
  const sneakers = await cat('krossovki', 'Кроссовки', shoesRoot, null);
  const clothesRoot = await cat('odezhda', 'Одежда', null, null);
  const downJackets = await cat('puhoviki', 'Пуховики', clothesRoot, clothes);
  const bags = await cat('sumki', 'Сумки', null, null);

  const brand = async (key: string, name: string, nameRu: string, aliases: string[]) => {
    const slug = `tst-${key}-${u}`;
    const row = await one<{ id: number }>(
      db,
      sql`insert into brands (slug, name, name_ru, aliases, description, tier) values (${slug}, ${name}, ${nameRu}, ${sql.param(aliases)}::text[], ${`Описание ${name}`}, 'mass') returning id`,
    );
    return { id: row.id, slug, name, nameRu, aliases };
  };
  const nike = await brand('nike', 'Nike', 'Найк', ['найки', 'nike']);
  const newBalance = await brand('new-balance', 'New Balance', 'Нью Беланс', ['нью баланс', 'nb']);
  const moncler = await brand('moncler', 'Moncler', 'Монклер', ['монклэр']);
  const stoneIsland = await brand('stone-island', 'Stone Island', 'Стоун Айленд', ['стон айленд']);
  const converse = await brand('converse', 'Converse', 'Конверс', ['конверсы кеды']);

  const seller = async (first: string, city: string) =>
    (
      await one<{ id: number }>(
        db,
        sql`insert into users (first_name, last_name, city, about) values (${first}, 'Тестова', ${city}, 'Продаю своё') returning id`,
      )
    ).id;
  const a = await seller('Анна', 'Казань');
  const b = await seller('Борис', 'Пермь');

  const comp = await one<{ id: number }>(
    db,
    sql`insert into compilations (slug, title, description, position) values (${`tst-winter-${u}`}, 'Тёплая зима', 'Пуховики и куртки', 99) returning id`,
  );
  _brands = { nike, newBalance, moncler, stoneIsland, converse };
  _cats = new Map([
    [shoesRoot, ['Обувь']],
    [sneakers, ['Обувь', 'Кроссовки']],
    [clothesRoot, ['Одежда']],
    [downJackets, ['Одежда', 'Пуховики']],
    [bags, ['Сумки']],
  ]);
  return {
    grids: { shoes, clothes },
    sizes: { shoes: shoeSizes, clothes: clothesSizes },
    cats: { shoesRoot, sneakers, clothesRoot, downJackets, bags },
    brands: { nike, newBalance, moncler, stoneIsland, converse },
    sellers: { a, b },
    compilation: { id: comp.id, slug: `tst-winter-${u}` },
  };
}

let _brands: Record<string, { id: number; name: string; nameRu: string; aliases: string[] }> = {};
let _cats = new Map<number, string[]>();

export interface ListingInput {
  title: string;
  owner: number;
  brand?: { id: number } | null;
  category: number;
  type?: string;
  condition?: string;
  color?: string | null;
  status?: string;
  description?: string;
  /** Rubles. */
  offers: { size: string; sizeId?: number | null; price: number; count?: number }[];
  photos?: number;
  publishedAt?: string;
  views?: number;
}

/** Inserts a listing with offers and photos; `search_text` and `min_price` as the products service keeps them. */
export async function addListing(db: Db, i: ListingInput): Promise<{ id: number; slug: string }> {
  const slug = `tst-${uniq()}`;
  const brand = i.brand ? Object.values(_brands).find((b) => b.id === i.brand!.id) : null;
  const searchText = buildSearchText({
    brand: brand ? { name: brand.name, nameRu: brand.nameRu, aliases: brand.aliases } : null,
    categoryPath: _cats.get(i.category) ?? [],
    color: i.color ?? null,
    condition: i.condition ?? 'excellent',
    description: i.description ?? '',
  });
  const minPrice = Math.min(...i.offers.map((o) => o.price * 100));
  const status = i.status ?? 'active';
  const published = i.publishedAt ?? new Date().toISOString();
  const row = await one<{ id: number }>(
    db,
    sql`insert into products (slug, owner_id, title, description, brand_id, category_id, type, condition, color, status, view_count, min_price, search_text, published_at, updated_at)
        values (${slug}, ${i.owner}, ${i.title}, ${i.description ?? ''}, ${i.brand?.id ?? null}, ${i.category}, ${i.type ?? 'men'}, ${i.condition ?? 'excellent'},
          ${i.color ?? null}, ${status}, ${i.views ?? 0}, ${minPrice}, ${searchText}, ${status === 'draft' ? null : published}, ${published}) returning id`,
  );
  for (const o of i.offers) {
    await db.execute(
      sql`insert into offers (product_id, size, size_id, price, count) values (${row.id}, ${o.size}, ${o.sizeId ?? null}, ${o.price * 100}, ${o.count ?? 1})`,
    );
  }
  for (let n = 0; n < (i.photos ?? 1); n++) {
    const hex = (row.id.toString(16) + n.toString(16)).padStart(24, '0').slice(-24);
    await db.execute(
      sql`insert into product_photos (product_id, key, width, height, position) values (${row.id}, ${`p/${hex.slice(0, 2)}/${hex}`}, 1280, ${1280 + n}, ${n})`,
    );
  }
  return { id: row.id, slug };
}

/** A sign-in token for a user, made directly (the auth module has its own tests). */
export async function tokenFor(db: Db, userId: number): Promise<{ authorization: string }> {
  const key = newTokenKey();
  await db.execute(sql`insert into auth_tokens (user_id, key_hash) values (${userId}, ${hashToken(key)})`);
  return { authorization: `Token ${key}` };
}
