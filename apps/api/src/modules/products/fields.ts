/**
 * The multipart text fields of the sell form (spec §5, §7 `POST /v1/products/`, `PATCH /v1/products/{id}/`):
 * the yes/no flags, the `sizes` JSON, brand and category ids, the photo id lists, and the whole listing merged
 * over its current values and checked with the shared schema (`checkListing`, the same rules the form uses).
 * Pure: every bad field is a 400 in Russian naming it; nothing here touches the database.
 */
import { checkListing, type ListingInput } from '@vitrina/contract/products';
import { badRequest, type FieldErrors } from '../../lib/errors.js';

/** Raw listing fields from the multipart body (all strings, any subset). */
export type RawFields = Record<string, string>;

const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no', ''];
export const isTrue = (v: string | undefined) => v !== undefined && TRUE_WORDS.includes(v.trim().toLowerCase());

/**
 * Checks the yes/no fields of the form (`draft`, `publish`): anything but true/false words is a 400, so a
 * typo never publishes a listing meant to be a draft.
 * @throws ApiError 400 `{draft: ['Ожидается «true» или «false».']}`
 */
export function checkFlags(raw: RawFields, names: readonly string[]) {
  const errors: FieldErrors = {};
  for (const name of names) {
    const v = raw[name];
    if (
      v !== undefined &&
      !TRUE_WORDS.includes(v.trim().toLowerCase()) &&
      !FALSE_WORDS.includes(v.trim().toLowerCase())
    ) {
      errors[name] = ['Ожидается «true» или «false».'];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Parses the `sizes` JSON string into offers; bad JSON → field error. */
function parseSizes(raw: string | undefined, errors: FieldErrors): ListingInput['sizes'] | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    errors.sizes = ['Размеры: неверный JSON. Ожидается [{"size": "M", "price": 1990, "count": 1}].'];
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((e) => !e || typeof e !== 'object')) {
    errors.sizes = ['Размеры: ожидается список [{"size": "M", "price": 1990, "count": 1}].'];
    return undefined;
  }
  return parsed.map((e: Record<string, unknown>) => ({
    size: typeof e.size === 'string' || typeof e.size === 'number' ? String(e.size) : '',
    price:
      typeof e.price === 'string' && e.price.trim() !== '' ? Number(e.price.replace(/\s/g, '')) : (e.price as number),
    count: e.count === undefined ? 1 : typeof e.count === 'string' ? Number(e.count) : (e.count as number),
  }));
}

const parseId = (v: string | undefined): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v.trim() === '' || v === 'null') return null;
  return /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
};

/**
 * The brand of the merged listing: one of a listed brand (`brand` id), the seller's own text (`brand_text`) or
 * «Без бренда» (`no_brand=true`). A request naming one of them replaces the current choice; naming none keeps it.
 */
function brandFields(
  raw: RawFields,
  brand: number | null | undefined,
  current: ListingInput | null,
  errors: FieldErrors,
): Pick<ListingInput, 'brand' | 'brand_text' | 'no_brand'> {
  const flag = raw.no_brand?.trim().toLowerCase();
  if (flag !== undefined && !TRUE_WORDS.includes(flag) && !FALSE_WORDS.includes(flag))
    errors.no_brand = ['Ожидается «true» или «false».'];
  const text = raw.brand_text?.trim() ? raw.brand_text : undefined;
  if (brand != null) return { brand, brand_text: null, no_brand: false };
  if (text !== undefined) return { brand: null, brand_text: text, no_brand: false };
  if (isTrue(raw.no_brand)) return { brand: null, brand_text: null, no_brand: true };
  const cleared = brand === null || raw.brand_text !== undefined || raw.no_brand !== undefined;
  if (cleared || !current) return { brand: null, brand_text: null, no_brand: false };
  return { brand: current.brand, brand_text: current.brand_text ?? null, no_brand: current.no_brand ?? false };
}

/**
 * Merges raw fields over the current values (PATCH) or over nothing (POST) and validates the result
 * with the shared `checkListing`.
 * @throws ApiError 400 naming every invalid field
 */
export function validateListing(
  raw: RawFields,
  current: ListingInput | null,
  publish: boolean,
  photoCount: number,
): ListingInput {
  const errors: FieldErrors = {};
  const sizesParsed = parseSizes(raw.sizes, errors);
  const brand = parseId(raw.brand);
  const category = parseId(raw.category);
  const candidate = {
    publish,
    title: raw.title ?? current?.title,
    description: raw.description ?? current?.description ?? '',
    ...brandFields(raw, brand, current, errors),
    category: category === undefined ? current?.category : (category ?? undefined),
    condition: raw.condition ?? current?.condition,
    color: raw.color === undefined ? (current?.color ?? null) : raw.color.trim() === '' ? null : raw.color,
    sizes: sizesParsed ?? (errors.sizes ? [] : (current?.sizes ?? [])),
    photo_count: photoCount,
  };
  const res = checkListing(candidate);
  if (!res.ok) Object.assign(errors, res.errors, errors.sizes ? { sizes: errors.sizes } : {});
  if (Object.keys(errors).length || !res.ok) throw badRequest(errors);
  return (res as { data: ListingInput }).data;
}

/** Parses a JSON list of photo ids (`remove_photos`, `photo_order`); empty → `undefined`. @throws ApiError 400 naming the field */
export const idList = (raw: string | undefined, field: string): number[] | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest({ [field]: ['Ожидается JSON-список id фотографий, например [12, 15].'] });
  }
  if (!Array.isArray(parsed) || !parsed.every((x) => Number.isInteger(x) && (x as number) > 0)) {
    throw badRequest({ [field]: ['Ожидается JSON-список id фотографий, например [12, 15].'] });
  }
  return parsed as number[];
};
