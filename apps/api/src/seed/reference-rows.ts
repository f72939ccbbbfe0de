/**
 * The reference rows of the demo seed (index.ts writes them first, in its transaction): catalog types, size grids
 * with their sizes and the category tree from reference.ts, and the brands from brands.ts.
 */
import type { Tx } from '../db/client.js';
import { brands, catalogTypes, categories, sizeGrids, sizes } from '../db/schema/index.js';
import { AUTHENTICITY_CHECKED, BRANDS } from './brands.js';
import { GRIDS, TREE, TYPES, gridSlugFor } from './reference.js';

/**
 * Inserts the catalog types, the size grids and their sizes, the category tree (roots, then leaves with their size
 * grid) and the brands. Returns the new ids the listings' rows need: a grid's by slug, a size's by `gridId|value`, a
 * leaf category's by `type|slug` and a brand's by slug.
 */
export async function insertReference(tx: Tx) {
  await tx.insert(catalogTypes).values(TYPES);

  const gridRows = await tx
    .insert(sizeGrids)
    .values(GRIDS.map((g) => ({ slug: g.slug, name: g.name })))
    .returning({ id: sizeGrids.id, slug: sizeGrids.slug });
  const gridId = new Map(gridRows.map((g) => [g.slug, g.id]));
  const sizeRows = await tx
    .insert(sizes)
    .values(GRIDS.flatMap((g) => g.sizes.map((s, i) => ({ gridId: gridId.get(g.slug)!, ...s, position: i }))))
    .returning({ id: sizes.id, gridId: sizes.gridId, value: sizes.value });
  const sizeId = new Map(sizeRows.map((s) => [`${s.gridId}|${s.value}`, s.id]));

  const rootRows = await tx
    .insert(categories)
    .values(
      TYPES.flatMap((t) =>
        TREE[t.id as keyof typeof TREE].map((r, i) => ({ type: t.id, slug: r.slug, name: r.name, position: i })),
      ),
    )
    .returning({ id: categories.id, type: categories.type, slug: categories.slug });
  const rootId = new Map(rootRows.map((r) => [`${r.type}|${r.slug}`, r.id]));
  const leafRows = await tx
    .insert(categories)
    .values(
      TYPES.flatMap((t) =>
        TREE[t.id as keyof typeof TREE].flatMap((r) =>
          r.leaves.map((l, i) => ({
            type: t.id,
            slug: l.slug,
            name: l.name,
            parentId: rootId.get(`${t.id}|${r.slug}`)!,
            sizeGridId: gridId.get(gridSlugFor(t.id as keyof typeof TREE, l.grid))!,
            position: i,
          })),
        ),
      ),
    )
    .returning({ id: categories.id, type: categories.type, slug: categories.slug });
  const leafId = new Map(leafRows.map((r) => [`${r.type}|${r.slug}`, r.id]));

  const brandRows = await tx
    .insert(brands)
    .values(
      BRANDS.map((b) => ({
        slug: b.slug,
        name: b.name,
        nameRu: b.nameRu,
        aliases: b.aliases,
        tier: b.tier,
        isPopular: b.isPopular,
        isLuxury: AUTHENTICITY_CHECKED.has(b.slug),
        description: `${b.country}, с ${b.founded} года.`,
      })),
    )
    .returning({ id: brands.id, slug: brands.slug });
  const brandId = new Map(brandRows.map((b) => [b.slug, b.id]));

  return { gridId, sizeId, leafId, brandId };
}
