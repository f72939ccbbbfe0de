/**
 * The references of a valid listing checked against the database (spec §5): the brand exists, the category
 * exists and is a leaf, every size belongs to the category's size grid (stored in the grid's spelling). Also
 * builds the listing's search text from the brand, category path, colour, condition and description.
 */
import { eq } from 'drizzle-orm';
import type { ListingInput } from '@vitrina/contract/products';
import type { Db, Tx } from '../../db/client.js';
import { brands, categories, sizes } from '../../db/schema/index.js';
import { badRequest, type FieldErrors } from '../../lib/errors.js';
import { buildSearchText, listedBrandOf } from '../catalog/index.js';

/** A listing's references resolved: its section, search text and the size id of each size (null off-grid). */
export interface Resolved {
  /** The listed brand: `brand`, or the one `brand_text` spells («левайс» → Levi's); null otherwise. */
  brandId: number | null;
  type: string;
  searchText: string;
  sizeIds: Map<string, number | null>;
}

/**
 * Checks the references of a valid listing against the database: brand exists, category exists and is
 * a leaf, every size belongs to the category's grid. Builds the search text.
 * @throws ApiError 400 naming the field
 */
export async function resolveRefs(db: Db | Tx, v: ListingInput): Promise<Resolved> {
  const errors: FieldErrors = {};
  let brand: { name: string; nameRu: string; aliases: string[] } | null = null;
  // A typed brand that spells a listed one (Latin, Cyrillic, an alias, the Latin layout) is filed under it.
  const brandId = v.brand ?? (v.brand_text ? await listedBrandOf(db, v.brand_text) : null);
  if (brandId !== null) {
    const [b] = await db
      .select({ name: brands.name, nameRu: brands.nameRu, aliases: brands.aliases })
      .from(brands)
      .where(eq(brands.id, brandId));
    if (!b) errors.brand = ['Такого бренда нет. Выберите бренд из списка.'];
    brand = b ?? null;
  }
  const [cat] = await db.select().from(categories).where(eq(categories.id, v.category));
  let type = '';
  const path: string[] = [];
  const sizeIds = new Map<string, number | null>();
  if (!cat) {
    errors.category = ['Такой категории нет. Выберите категорию из списка.'];
  } else {
    type = cat.type;
    const [child] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, cat.id))
      .limit(1);
    if (child) errors.category = ['Выберите самую точную категорию (без подкатегорий).'];
    // Names from the root down; the size grid is the nearest one up the tree (as the catalog reads it).
    let node: typeof cat | undefined = cat;
    let gridId: number | null = null;
    for (let depth = 0; node && depth < 6; depth += 1) {
      path.unshift(node.name);
      gridId ??= node.sizeGridId;
      if (node.parentId === null) break;
      [node] = await db.select().from(categories).where(eq(categories.id, node.parentId));
    }
    if (gridId !== null && v.sizes.length) {
      const grid = await db.select({ id: sizes.id, value: sizes.value }).from(sizes).where(eq(sizes.gridId, gridId));
      const byValue = new Map(grid.map((s) => [s.value.toLowerCase(), s]));
      const unknown: string[] = [];
      for (const s of v.sizes) {
        const hit = byValue.get(s.size.trim().toLowerCase());
        if (!hit) unknown.push(s.size);
        else sizeIds.set(s.size, hit.id);
      }
      if (unknown.length)
        errors.sizes = [`Размер ${unknown.map((u) => `«${u}»`).join(', ')} не подходит для этой категории.`];
      // Store the grid's own spelling of the value.
      for (const s of v.sizes) {
        const hit = byValue.get(s.size.trim().toLowerCase());
        if (hit) s.size = hit.value;
      }
    } else {
      for (const s of v.sizes) sizeIds.set(s.size, null);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    brandId,
    type,
    sizeIds,
    searchText: buildSearchText({
      brand,
      brandText: brandId === null ? v.brand_text : null,
      categoryPath: path,
      color: v.color,
      condition: v.condition,
      description: v.description,
    }),
  };
}
