/**
 * Plans the demo listings in memory (no I/O): type → category → brand → colour → condition → price
 * → offers → texts → photos, all drawn from one seeded {@link Random}, so the same seed always gives
 * the same catalog.
 */
import type { CatalogType, Condition } from '@vitrina/contract/catalog';
import { buildSearchText } from '../modules/catalog/index.js';
import { BRANDS, TIER_FLOOR, TIER_PRICES, type BrandDef } from './brands.js';
import type { ImagePool } from './images.js';
import type { SellerDef } from './people.js';
import type { Random } from './random.js';
import { GRIDS, TREE, TYPE_WEIGHTS, gridSlugFor, type LeafDef, type RootDef } from './reference.js';
import { makeDescription, makeTitle, slugify } from './texts.js';

export interface OfferPlan {
  size: string;
  /** Position of the size in its grid (to resolve `size_id`). */
  gridSlug: string;
  price: number;
  count: number;
}

export interface ListingPlan {
  slug: string;
  title: string;
  description: string;
  sellerIndex: number;
  brand: BrandDef;
  type: CatalogType;
  root: RootDef;
  leaf: LeafDef;
  condition: Condition;
  color: string;
  status: 'active' | 'sold' | 'reserved';
  viewCount: number;
  /** Lowest offer price, kopecks. */
  minPrice: number;
  searchText: string;
  createdAt: Date;
  publishedAt: Date;
  updatedAt: Date;
  offers: OfferPlan[];
  /** Image pool ids, cover first. */
  photos: string[];
}

const COLOR_WEIGHTS: Record<string, number> = {
  black: 22,
  white: 10,
  grey: 9,
  beige: 9,
  brown: 6,
  blue: 10,
  lightblue: 4,
  green: 5,
  red: 4,
  pink: 5,
  orange: 2,
  yellow: 2,
  purple: 2,
  multicolor: 3,
};
const JEANS_COLORS: Record<string, number> = { blue: 6, lightblue: 3, black: 3, grey: 1, white: 1 };
const CONDITION_WEIGHTS: Record<Condition, number> = { new_with_tag: 25, excellent: 40, good: 27, satisfactory: 8 };
const CONDITION_PRICE: Record<Condition, number> = { new_with_tag: 1, excellent: 0.72, good: 0.58, satisfactory: 0.45 };
const PHOTO_COUNTS: [number, number][] = [
  [1, 10],
  [2, 25],
  [3, 30],
  [4, 20],
  [5, 15],
];
const DAY = 86_400_000;

/** A believable ruble price: 4 490, 12 500, 187 000. */
function roundPrice(rub: number): number {
  if (rub < 1000) return Math.max(300, Math.round(rub / 50) * 50);
  if (rub < 10_000) return Math.round(rub / 100) * 100 - 10;
  if (rub < 100_000) return Math.round(rub / 500) * 500;
  return Math.round(rub / 1000) * 1000;
}

const brandTypes = (b: BrandDef): CatalogType[] => b.types ?? ['women', 'men', 'kids'];

/** Plans `count` listings. `now` anchors the dates (published within the last 60 days). */
export function planListings(
  rnd: Random,
  count: number,
  sellers: SellerDef[],
  pool: ImagePool,
  now: Date,
): ListingPlan[] {
  const types = Object.keys(TYPE_WEIGHTS) as CatalogType[];
  const leavesByType = new Map<CatalogType, { root: RootDef; leaf: LeafDef }[]>();
  for (const t of types)
    leavesByType.set(
      t,
      TREE[t].flatMap((root) => root.leaves.map((leaf) => ({ root, leaf }))),
    );
  const sellerWeights = sellers.map((_, i) => 1 / Math.pow(i + 1, 0.6));
  const sellerIdx = sellers.map((_, i) => i);
  const slugs = new Set<string>();
  const out: ListingPlan[] = [];

  for (let n = 0; n < count; n++) {
    const type = rnd.weighted(types, (t) => TYPE_WEIGHTS[t]);
    const { root, leaf } = rnd.weighted(leavesByType.get(type)!, (x) => x.leaf.weight);
    let candidates = BRANDS.filter((b) => b.makes[leaf.family] !== undefined && brandTypes(b).includes(type));
    if (candidates.length === 0) candidates = BRANDS.filter((b) => b.makes[leaf.family] !== undefined);
    if (candidates.length === 0) candidates = BRANDS;
    const brand = rnd.weighted(candidates, (b) => b.weight * (type === 'kids' && b.tier === 'luxury' ? 0.3 : 1));
    const colorWeights = leaf.family === 'jeans' ? JEANS_COLORS : COLOR_WEIGHTS;
    let color = rnd.weighted(Object.keys(colorWeights), (c) => colorWeights[c]!);
    if (pool.full && !pool.hasCover(leaf.family, color)) {
      // Past the photo budget, prefer a colour whose photos exist already (keeps seeding fast).
      const existing = pool.coversOf(leaf.family);
      if (existing.length > 0) color = rnd.pick(existing);
    }
    const condition = rnd.weighted(Object.keys(CONDITION_WEIGHTS) as Condition[], (c) =>
      brand.tier === 'luxury' && c === 'new_with_tag' ? 12 : CONDITION_WEIGHTS[c],
    );
    const sellerIndex = rnd.weighted(sellerIdx, (i) => sellerWeights[i]!);
    const seller = sellers[sellerIndex]!;

    const { title } = makeTitle(rnd, { brand, leaf, type, color });
    const description = makeDescription(rnd, leaf, condition, seller.city);

    // Price: log-uniform in the tier's range × category × condition (× kids).
    const [lo, hi] = TIER_PRICES[brand.tier];
    const base =
      lo * Math.pow(hi / lo, rnd.next()) * leaf.price * CONDITION_PRICE[condition] * (type === 'kids' ? 0.6 : 1);
    const rub = roundPrice(Math.min(450_000, Math.max(TIER_FLOOR[brand.tier] * (type === 'kids' ? 0.6 : 1), base)));

    // Offers: 1–3 neighbouring sizes of the category's grid.
    const gridSlug = gridSlugFor(type, leaf.grid);
    const grid = GRIDS.find((g) => g.slug === gridSlug)!;
    const nOffers = grid.sizes.length === 1 ? 1 : rnd.weighted([1, 2, 3], (k) => (k === 1 ? 60 : k === 2 ? 28 : 12));
    const mid = Math.floor(grid.sizes.length / 2);
    const start = Math.max(0, Math.min(grid.sizes.length - nOffers, mid - 2 + rnd.int(0, 3)));
    const status = rnd.weighted(['active', 'sold', 'reserved'] as const, (s) =>
      s === 'active' ? 92 : s === 'sold' ? 5 : 3,
    );
    const offers: OfferPlan[] = grid.sizes.slice(start, start + nOffers).map((s) => {
      const priceRub = rnd.chance(0.2) ? roundPrice(rub * (0.95 + rnd.next() * 0.1)) : rub;
      const stock = condition === 'new_with_tag' ? rnd.int(1, 3) : 1;
      return { size: s.value, gridSlug, price: priceRub * 100, count: status === 'sold' ? 0 : stock };
    });
    const minPrice = Math.min(...offers.map((o) => o.price));

    const slugBase = slugify(title);
    let slug = `${slugBase}-${Math.floor(rnd.next() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    while (slugs.has(slug))
      slug = `${slugBase}-${Math.floor(rnd.next() * 36 ** 6)
        .toString(36)
        .padStart(6, '0')}`;
    slugs.add(slug);

    const age = Math.pow(rnd.next(), 1.4) * 60 * DAY;
    const publishedAt = new Date(now.getTime() - age);
    const createdAt = new Date(publishedAt.getTime() - rnd.int(5, 180) * 60_000);
    const ageDays = age / DAY;
    const viewCount = Math.floor(
      (3 + Math.pow(rnd.next(), 3) * 2500 * (brand.isPopular ? 1.4 : 1)) * Math.min(1, 0.25 + ageDays / 20),
    );
    const nPhotos = rnd.weighted(PHOTO_COUNTS, (x) => x[1])[0];
    const photos = pool.photosFor(leaf.family, color, brand.name, nPhotos);
    const searchText = buildSearchText({
      brand: { name: brand.name, nameRu: brand.nameRu, aliases: brand.aliases },
      categoryPath: [root.name, leaf.name],
      color,
      condition,
      description,
    });
    out.push({
      slug,
      title,
      description,
      sellerIndex,
      brand,
      type,
      root,
      leaf,
      condition,
      color,
      status,
      viewCount,
      minPrice,
      searchText,
      createdAt,
      publishedAt,
      updatedAt: publishedAt,
      offers,
      photos,
    });
  }
  return out;
}
