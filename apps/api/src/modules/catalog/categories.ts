/**
 * The category tree and size grids of the catalog, and the reference data of the sell form and the
 * catalog filters (spec §7: `GET /v1/product/chars/`, `/v1/public/categories/{type}/`,
 * `/v1/public/sizes/{category}/`; spec §2: the catalog and sell-create screens).
 */
import { sql } from 'drizzle-orm';
import { CATALOG_TYPES, COLORS, CONDITIONS, type CategoryItem } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { memoHaving } from './memo.js';

/** A row of `categories`. */
export interface CategoryRow {
  id: number;
  type: string;
  slug: string;
  name: string;
  parent_id: number | null;
  size_grid_id: number | null;
  position: number;
}

/** Every category (the tree is small: a few hundred rows at most), parents before children. */
export async function loadCategories(db: Db): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`select id, type, slug, name, parent_id, size_grid_id, position from categories order by type, parent_id nulls first, position, id`,
  );
}

/**
 * The category tree reused for a while (see memo.ts: 30 s), read afresh when it fails `has` — e.g. lacks
 * a category a request names — so a category added a moment ago is found.
 */
export function categoriesHaving(db: Db, has: (all: CategoryRow[]) => boolean): Promise<CategoryRow[]> {
  return memoHaving(db, 'categories', () => loadCategories(db), has);
}

/**
 * The size grid of a category: its own or the nearest ancestor's.
 * @returns the grid id, or `null` when neither the category nor its ancestors have one (bags, accessories)
 */
export function gridOf(byId: Map<number, CategoryRow>, id: number): number | null {
  let cur = byId.get(id);
  for (let depth = 0; cur && depth < 20; depth++) {
    if (cur.size_grid_id != null) return cur.size_grid_id;
    cur = cur.parent_id != null ? byId.get(cur.parent_id) : undefined;
  }
  return null;
}

/** Ids of the given categories and all their descendants. */
export function withDescendants(all: CategoryRow[], roots: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const c of all)
    if (c.parent_id != null) (children.get(c.parent_id) ?? children.set(c.parent_id, []).get(c.parent_id)!).push(c.id);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/**
 * `GET /v1/product/chars/` (spec §7): brands A–Z (with their slugs, which listing URLs may use instead of
 * ids, and their Cyrillic spelling, by which the brand filter finds them), all categories, conditions, colours and catalog types.
 * @returns `{data: {brands, categories, conditions, colors, types}}`
 */
export async function getChars(db: Db) {
  const [brandRows, cats] = await Promise.all([
    queryRows<{ id: number; slug: string; name: string; name_ru: string }>(
      db,
      sql`select id, slug, name, name_ru from brands order by lower(name), id`,
    ),
    loadCategories(db),
  ]);
  return {
    data: {
      brands: brandRows,
      categories: cats.map((c) => ({ id: c.id, name: c.name, type: c.type, parent: c.parent_id })),
      conditions: CONDITIONS.map((c) => ({ value: c.value, label: c.label })),
      colors: COLORS.map((c) => ({ value: c.value, label: c.label, hex: c.hex })),
      types: CATALOG_TYPES.map((t) => ({ value: t.value, label: t.label })),
    },
  };
}

/**
 * `GET /v1/public/categories/{type}/` (spec §7): the categories of a catalog type, parents first.
 * @throws ApiError 404 for an unknown type
 */
export async function getCategoriesOfType(db: Db, type: string): Promise<CategoryItem[]> {
  const known = await queryRows<{ id: string }>(db, sql`select id from catalog_types where id = ${type}`);
  if (!known.length) throw notFound('Такого раздела каталога нет.');
  const all = await loadCategories(db);
  const byId = new Map(all.map((c) => [c.id, c]));
  return all
    .filter((c) => c.type === type)
    .map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      type: c.type,
      parent: c.parent_id,
      has_sizes: gridOf(byId, c.id) != null,
    }));
}

/**
 * `GET /v1/public/sizes/{category}/` (spec §7): the size grid of a category id (inherited from its
 * ancestors), in grid order; an empty list when the category has no sizes (bags, accessories).
 * @throws ApiError 400 for a non-numeric id, 404 for an unknown category
 */
export async function getSizesOfCategory(db: Db, raw: string) {
  if (!/^\d{1,9}$/.test(raw)) throw badRequest({ category: ['Введите целое положительное число.'] });
  const all = await loadCategories(db);
  const byId = new Map(all.map((c) => [c.id, c]));
  const id = Number(raw);
  if (!byId.has(id)) throw notFound('Категория не найдена.');
  const grid = gridOf(byId, id);
  if (grid == null) return [];
  return queryRows<{ id: number; value: string; label: string }>(
    db,
    sql`select id, value, label from sizes where grid_id = ${grid} order by position, id`,
  );
}
