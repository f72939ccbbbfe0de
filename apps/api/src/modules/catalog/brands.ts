/**
 * Brands of the catalog (architecture §3: `GET /v1/public/brands/` and `/v1/public/brands/{slug}/`, the
 * screens `brands` and `catalog-brand-slug` of spec §2): every brand with its count of active listings,
 * and one brand's page summary. Prices are kopecks in the database and rubles in the answers.
 */
import { sql } from 'drizzle-orm';
import type { BrandDetail, BrandListItem } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';

interface BrandRow {
  id: number;
  slug: string;
  name: string;
  name_ru: string;
  aliases: string[];
  description: string | null;
  tier: string;
  is_popular: boolean;
  count: number;
}

/** The columns of {@link BrandRow} but its count (a list counts per brand; a brand page summarises). */
const BRAND_COLUMNS = sql`b.id, b.slug, b.name, b.name_ru, b.aliases, b.description, b.tier, b.is_popular`;

const brandSelect = sql`select ${BRAND_COLUMNS},
  (select count(*)::int from products p where p.brand_id = b.id and p.status = 'active') as count from brands b`;

const brandItem = (b: BrandRow): BrandListItem => ({
  id: b.id,
  slug: b.slug,
  name: b.name,
  name_ru: b.name_ru,
  count: b.count,
  is_popular: b.is_popular,
});

/** `GET /v1/public/brands/`: every brand A–Z by name with its count of active listings. */
export async function listBrands(db: Db): Promise<{ results: BrandListItem[] }> {
  const rows = await queryRows<BrandRow>(db, sql`${brandSelect} order by lower(b.name), b.id`);
  return { results: rows.map(brandItem) };
}

/** How many categories a brand's summary names. */
const BRAND_TOP_CATEGORIES = 3;

/**
 * `GET /v1/public/brands/{slug}/`, with a summary of the brand's active listings for its page (meta
 * description): the lowest price (rubles, `null` without priced listings), how many are new with a tag,
 * and the categories with most listings. The summary reads the brand's entries of the covering
 * `products_active_brand_idx` (count, price and condition in one pass, categories grouped in a second),
 * as the count alone did.
 * @throws ApiError 404 for an unknown slug
 */
export async function getBrand(db: Db, slug: string): Promise<BrandDetail> {
  const rows = await queryRows<BrandRow & { price_min: number | null; new_count: number; top_categories: string[] }>(
    db,
    sql`select ${BRAND_COLUMNS}, s.count, s.price_min, s.new_count, coalesce(t.names, '{}') as top_categories
        from brands b
        cross join lateral (
          select count(*)::int as count, min(p.min_price) filter (where p.min_price > 0) as price_min,
            (count(*) filter (where p.condition = 'new_with_tag'))::int as new_count
          from products p where p.brand_id = b.id and p.status = 'active'
        ) s
        cross join lateral (
          select array_agg(g.name order by g.n desc, g.name) as names from (
            select c.name, count(*) as n from products p join categories c on c.id = p.category_id
            where p.brand_id = b.id and p.status = 'active'
            group by c.name order by n desc, c.name limit ${BRAND_TOP_CATEGORIES}
          ) g
        ) t
        where b.slug = ${slug.toLowerCase()}`,
  );
  const b = rows[0];
  if (!b) throw notFound('Бренд не найден.');
  return {
    ...brandItem(b),
    description: b.description ?? '',
    aliases: b.aliases ?? [],
    tier: b.tier,
    price_min: b.price_min == null ? null : toRubles(Number(b.price_min)),
    new_count: b.new_count,
    top_categories: b.top_categories,
  };
}
