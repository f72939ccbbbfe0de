/**
 * The filters of listing pages and search (architecture §3: `GET /v1/public/products/` and
 * `/v1/public/search/`, the public catalog calls beside spec §7): catalog type, categories (with their
 * descendants), brands, compilation, sizes, price range (rubles in the query, kopecks in the database),
 * conditions, colours and seller, turned into SQL conditions on `products p`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_TYPES, COLORS, CONDITIONS, productListQuery, type ProductListQuery } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { toKopecks } from '../../lib/money.js';
import { categoriesHaving, withDescendants, type CategoryRow } from './categories.js';
import { memoHaving } from './memo.js';

/** Most values one list filter (categories, brands, sizes) may name. */
const LIST_FILTER_MAX = 50;

/** Filters resolved to SQL conditions on `products p` (always including `p.status = 'active'`). */
export interface ResolvedFilters {
  where: SQL[];
  /** Brand ids asked for (search boosts them). */
  brandIds: number[];
  /**
   * A condition no covering index holds is among them (the size filter: a lookup in `offers` per row);
   * see `isSmallMatch` (listing.ts).
   */
  perRowLookup: boolean;
}

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An id as list filters take it: digits only, at most nine (fits an `int`). */
export const isId = (v: string) => /^\d{1,9}$/.test(v);

/** Every spelling of a size value the offers may carry (`m`, `M`; `42,5`, `42.5`). */
export function sizeVariants(values: string[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    for (const s of [v, v.replace(',', '.'), v.replace('.', ',')]) {
      out.add(s);
      out.add(s.toUpperCase());
      out.add(s.toLowerCase());
    }
  }
  return [...out];
}

/**
 * Turns the filters of {@link ProductListQuery} into SQL conditions.
 * @param extra.sizes sizes found in a search query (added to `size`)
 * @param extra.brandIds brands found in a search query (intersected with `brand` when both are given)
 * @throws ApiError 400 naming the field for a bad type, category, brand, compilation, size list,
 *   condition, colour or price range
 */
export async function resolveFilters(
  db: Db,
  q: ProductListQuery,
  extra: { sizes?: string[]; brandIds?: number[] } = {},
): Promise<ResolvedFilters> {
  const where: SQL[] = [sql`p.status = 'active'`];
  if (q.type !== undefined && q.type !== '') {
    if (!CATALOG_TYPES.some((t) => t.value === q.type)) throw badRequest({ type: [`Неизвестный раздел «${q.type}».`] });
    where.push(sql`p.type = ${q.type}`);
  }
  const categories = await categoryCondition(db, q);
  if (categories) where.push(categories);
  const brands = await brandCondition(db, q.brand, extra.brandIds);
  if (brands.condition) where.push(brands.condition);
  if (q.compilation) where.push(await compilationCondition(db, q.compilation));
  const sizes = [...splitList(q.size), ...(extra.sizes ?? [])];
  if (sizes.length) where.push(sizeCondition(sizes));
  where.push(...priceConditions(q), ...valueConditions(q));
  if (q.seller !== undefined) where.push(sql`p.owner_id = ${q.seller}`);
  return { where, brandIds: brands.ids, perRowLookup: sizes.length > 0 };
}

/**
 * `category`: ids or slugs (slugs within `type` when given), each with its descendants.
 * @throws ApiError 400 `{category}` for too many or unknown categories
 */
async function categoryCondition(db: Db, q: ProductListQuery): Promise<SQL | null> {
  const values = splitList(q.category);
  if (!values.length) return null;
  if (values.length > LIST_FILTER_MAX) throw badRequest({ category: ['Слишком много категорий.'] });
  const matching = (all: CategoryRow[], v: string) =>
    isId(v)
      ? all.filter((c) => c.id === Number(v))
      : all.filter((c) => c.slug === v.toLowerCase() && (!q.type || c.type === q.type));
  const all = await categoriesHaving(db, (cats) => values.every((v) => matching(cats, v).length > 0));
  const roots: number[] = [];
  for (const v of values) {
    const found = matching(all, v);
    if (!found.length) throw badRequest({ category: [`Категория «${v}» не найдена.`] });
    roots.push(...found.map((c) => c.id));
  }
  return sql`p.category_id = any(${sql.param(withDescendants(all, roots))}::int[])`;
}

/**
 * `brand` (ids or slugs) and the brands a search query named: the ids asked for and their condition
 * (none when neither names a brand).
 * @throws ApiError 400 `{brand}` for too many or unknown brands
 */
async function brandCondition(
  db: Db,
  raw: string | undefined,
  fromQuery: number[] | undefined,
): Promise<{ ids: number[]; condition: SQL | null }> {
  const values = splitList(raw);
  let ids: number[] = [];
  if (values.length) {
    if (values.length > LIST_FILTER_MAX) throw badRequest({ brand: ['Слишком много брендов.'] });
    const numeric = values.filter(isId).map(Number);
    const slugs = values.filter((v) => !isId(v)).map((v) => v.toLowerCase());
    const named = (b: { id: number; slug: string }) => numeric.includes(b.id) || slugs.includes(b.slug);
    const isKnown = (all: { id: number; slug: string }[], v: string) =>
      all.some((r) => String(r.id) === v || r.slug === v.toLowerCase());
    const all = await memoHaving(
      db,
      'brand-slugs',
      () => queryRows<{ id: number; slug: string }>(db, sql`select id, slug from brands`),
      (list) => values.every((v) => isKnown(list, v)),
    );
    for (const v of values) {
      if (!isKnown(all, v)) throw badRequest({ brand: [`Бренд «${v}» не найден.`] });
    }
    ids = all.filter(named).map((r) => r.id);
  }
  if (fromQuery?.length) ids = ids.length ? ids.filter((id) => fromQuery.includes(id)) : fromQuery;
  if (!values.length && !fromQuery?.length) return { ids, condition: null };
  return { ids, condition: sql`p.brand_id = any(${sql.param(ids)}::int[])` };
}

/** `compilation` (a published set's slug). @throws ApiError 400 `{compilation}` for an unknown one */
async function compilationCondition(db: Db, slug: string): Promise<SQL> {
  const rows = await queryRows<{ id: number; filter: string | null }>(
    db,
    sql`select id, filter from compilations where slug = ${slug.toLowerCase()} and published`,
  );
  if (!rows.length) throw badRequest({ compilation: [`Подборка «${slug}» не найдена.`] });
  return compilationWhere(db, rows[0]!);
}

/**
 * The id of the published compilation `slug` when its listings are chosen by hand (staff's order then means
 * something: `sort=curated`); null for a set by a saved filter or an unknown slug.
 */
export async function handPickedCompilation(db: Db, slug: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from compilations where slug = ${slug.toLowerCase()} and published and filter is null`,
  );
  return row?.id ?? null;
}

/** Keys of a listing query a saved filter may not hold (the set's own, the page's and the search's). */
const NOT_SAVED = ['compilation', 'sort', 'page', 'page_size', 'q'] as const;

/**
 * A compilation's saved catalog filter (the query of `/v1/public/products/`, e.g. `type=women&brand=nike`) as a
 * listing query.
 * @throws ApiError 400 `{filter}` naming what is wrong (an unknown key, a bad number, a search text)
 */
export function savedFilterQuery(filter: string): ProductListQuery {
  const params = new URLSearchParams(filter.replace(/^\?/, ''));
  const raw: Record<string, string> = {};
  for (const [k, v] of params) {
    if ((NOT_SAVED as readonly string[]).includes(k) || !(k in productListQuery.shape))
      throw badRequest({ filter: [`Параметр «${k}» нельзя сохранить в подборке.`] });
    raw[k] = v;
  }
  const parsed = productListQuery.safeParse(raw);
  if (!parsed.success) throw badRequest({ filter: ['Проверьте фильтр: цена и продавец — числа.'] });
  return parsed.data;
}

/**
 * The SQL condition of a compilation's listings: those its saved filter finds, or those chosen by hand.
 * @throws ApiError 400 `{filter}` or a filter's field for a saved filter that no longer resolves
 */
export async function compilationWhere(db: Db, c: { id: number; filter: string | null }): Promise<SQL> {
  if (!c.filter) return sql`p.id in (select product_id from compilation_products where compilation_id = ${c.id})`;
  const { where } = await resolveFilters(db, savedFilterQuery(c.filter));
  return sql`(${sql.join(where, sql` and `)})`;
}

/** `size` (and sizes of a search query): some offer of one of these sizes in stock. @throws ApiError 400 `{size}` */
function sizeCondition(sizes: string[]): SQL {
  if (sizes.length > LIST_FILTER_MAX) throw badRequest({ size: ['Слишком много размеров.'] });
  return sql`exists (select 1 from offers o where o.product_id = p.id and o.size = any(${sql.param(sizeVariants(sizes))}::text[]) and o.count > 0)`;
}

/**
 * `price_min`/`price_max` in rubles against `p.min_price` in kopecks.
 * @throws ApiError 400 `{price_max}` when it is below `price_min`
 */
function priceConditions(q: ProductListQuery): SQL[] {
  const out: SQL[] = [];
  if (q.price_min !== undefined) out.push(sql`p.min_price >= ${toKopecks(q.price_min)}`);
  if (q.price_max !== undefined) {
    if (q.price_min !== undefined && q.price_max < q.price_min) {
      throw badRequest({ price_max: ['Максимальная цена меньше минимальной.'] });
    }
    out.push(sql`p.min_price <= ${toKopecks(q.price_max)}`);
  }
  return out;
}

/** `condition` and `color`: lists of known values. @throws ApiError 400 `{condition}` / `{color}` */
function valueConditions(q: ProductListQuery): SQL[] {
  const out: SQL[] = [];
  const conds = splitList(q.condition);
  if (conds.length) {
    const bad = conds.find((c) => !CONDITIONS.some((x) => x.value === c));
    if (bad) throw badRequest({ condition: [`Неизвестное состояние «${bad}».`] });
    out.push(sql`p.condition = any(${sql.param(conds)}::text[])`);
  }
  const colors = splitList(q.color);
  if (colors.length) {
    const bad = colors.find((c) => !COLORS.some((x) => x.value === c));
    if (bad) throw badRequest({ color: [`Неизвестный цвет «${bad}».`] });
    out.push(sql`p.color = any(${sql.param(colors)}::text[])`);
  }
  return out;
}
