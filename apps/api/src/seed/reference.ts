/**
 * Reference data of the demo catalog: catalog types, size grids (RU/EU/US) and the Russian category
 * tree per type. Its leaves (each naming its size grid, the silhouette its generated photos use and the
 * nouns its listing titles start with) are in category-leaves.ts, their types re-exported here.
 */
import { CATALOG_TYPES, type CatalogType } from '@vitrina/contract/catalog';
import { SIZE_GRIDS, type GridDef, type SizeDef } from '@vitrina/contract/sizes';
import { LEAVES as L, type LeafDef } from './category-leaves.js';

export type { Family, Gender, LeafDef } from './category-leaves.js';

/** Size grids by slug: the contract's one table of sizes (the size guide shows the same). */
export const GRIDS: GridDef[] = SIZE_GRIDS;
export type { GridDef, SizeDef };

/** A top category of a type (Одежда, Обувь, …) with its leaves. */
export interface RootDef {
  slug: string;
  name: string;
  leaves: LeafDef[];
}

const root = (slug: string, name: string, leaves: LeafDef[]): RootDef => ({ slug, name, leaves });

/** The category tree per catalog type. */
export const TREE: Record<CatalogType, RootDef[]> = {
  women: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.coats,
      L.tshirts,
      L.blouses,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      L.dresses,
      L.skirts,
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, L.heels, L.tallboots, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks, L.crossbody, L.totes, L.clutches]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves, L.belts, L.glasses, L.wallets]),
  ],
  men: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.coats,
      L.tshirts,
      L.shirts,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, L.menShoes, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks, L.crossbody, L.totes]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves, L.belts, L.glasses, L.wallets]),
  ],
  kids: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.tshirts,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      { ...L.dresses, weight: 3 },
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, { ...L.tallboots, name: 'Сапоги', weight: 2 }, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves]),
  ],
};

/** Catalog types with their Russian names and order. */
export const TYPES = CATALOG_TYPES.map((t, i) => ({ id: t.value, name: t.label, position: i }));

/** Share of listings per catalog type. */
export const TYPE_WEIGHTS: Record<CatalogType, number> = { women: 0.5, men: 0.36, kids: 0.14 };

/** The grid slug a leaf of a type uses. */
export function gridSlugFor(type: CatalogType, grid: LeafDef['grid']): string {
  if (grid === 'one') return 'one-size';
  return `${grid}-${type}`;
}
