/**
 * The sell form's model (screen account-sell-create, spec §2, §5, §7): the values as typed, the empty form,
 * the values of a stored listing, the candidate the shared schema (`checkListing`) checks, and the category
 * options grouped by parent. Pure functions, no React.
 */
import type { CategoryItem } from '@vitrina/contract/catalog';
import type { Listing } from '@vitrina/contract/products';

/** A size of the listing as typed: price in rubles and count, each a number or the raw input text. */
export interface SizeRow {
  size: string;
  price: number | string;
  count: number | string;
}

/**
 * The form's fields; selects hold ids as strings (`null` when nothing is chosen). `brand` is a listed brand's id,
 * {@link NO_BRAND} or a brand the seller typed ({@link typedBrand}); `price` is the one price typed up front, before
 * (or instead of) a price per size.
 */
export interface Values {
  title: string;
  description: string;
  brand: string | null;
  price: number | string;
  type: string;
  category: string | null;
  condition: string | null;
  color: string | null;
  sizes: SizeRow[];
}

/** A new listing's form. */
export const EMPTY: Values = {
  title: '',
  description: '',
  brand: null,
  price: '',
  type: 'women',
  category: null,
  condition: null,
  color: null,
  sizes: [],
};

/** The «Бренд» choice «Без бренда». */
export const NO_BRAND = 'none';
const TYPED = 'text:';
/** The «Бренд» choice of a brand not in the list, as the seller typed it. */
export const typedBrand = (text: string) => `${TYPED}${text.trim()}`;
/** The typed brand of a «Бренд» choice, or null for a listed brand, «Без бренда» or none. */
export const typedBrandOf = (brand: string | null) => (brand?.startsWith(TYPED) ? brand.slice(TYPED.length) : null);

/** The brand fields of the API (`brand` id, `brand_text`, `no_brand`) of a «Бренд» choice. */
export function brandPayload(brand: string | null) {
  const text = typedBrandOf(brand);
  const listed = brand && brand !== NO_BRAND && text === null ? Number(brand) : null;
  return { brand: listed, brand_text: text, no_brand: brand === NO_BRAND };
}

/** A number input's value as a number; `undefined` when empty. Spaces (thousand separators) are ignored. */
export const num = (v: number | string) =>
  typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v.replace(/\s/g, ''));

/** The sizes as the API takes them: `{ size, price (rubles), count }`. */
export const sizesPayload = (sizes: SizeRow[]) =>
  sizes.map((s) => ({ size: s.size, price: num(s.price), count: num(s.count) }));

/** The candidate the shared schema checks (`publish` selects the rules of publishing vs a draft). */
export function candidate(v: Values, publish: boolean, photoCount: number) {
  return {
    publish,
    title: v.title,
    description: v.description,
    ...brandPayload(v.brand),
    category: v.category ? Number(v.category) : undefined,
    condition: v.condition ?? undefined,
    color: v.color,
    sizes: sizesPayload(v.sizes),
    photo_count: photoCount,
  };
}

/** The form's values of a stored listing (sizes sold out are left off). */
export function valuesFromListing(l: Listing): Values {
  return {
    title: l.title,
    description: l.description,
    brand: l.brand ? String(l.brand.id) : l.brand_text ? typedBrand(l.brand_text) : l.no_brand ? NO_BRAND : null,
    price: l.sizes.find((s) => s.count > 0)?.price ?? '',
    type: l.category?.type ?? l.type,
    category: l.category ? String(l.category.id) : null,
    condition: l.condition,
    color: l.color,
    sizes: l.sizes.filter((s) => s.count > 0).map((s) => ({ size: s.size, price: s.price, count: s.count })),
  };
}

/** Categories a listing can be filed under (leaves), grouped by their parent, for a Select. */
export function categoryOptions(cats: CategoryItem[]) {
  const parents = new Set(cats.map((c) => c.parent).filter((p): p is number => p !== null));
  const byId = new Map(cats.map((c) => [c.id, c]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of cats) {
    if (parents.has(c.id)) continue;
    const group = c.parent !== null ? (byId.get(c.parent)?.name ?? 'Другое') : 'Другое';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ value: String(c.id), label: c.name });
  }
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}
