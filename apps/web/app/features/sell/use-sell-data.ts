/**
 * What the sell form loads (spec §7): the reference data (`GET /v1/product/chars/`), the fee (`GET /v1/fee/`),
 * the listing being edited (`GET /v1/products/{id}/`), the categories of the chosen section and the size grid
 * of the chosen category. Loading a listing fills the form; loading a grid drops the sizes not in it (and
 * picks the only size of a one-size grid, «Без размера»).
 */
import type { CategoryItem } from '@vitrina/contract/catalog';
import type { Listing } from '@vitrina/contract/products';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { errorInfo, errorMessage } from '../../shared/api/query';
import type { PhotoItem } from './photo-picker';
import { useCategories, useChars, useFee, useListing, useSizeGrid } from './queries';
import { valuesFromListing, type Values } from './sell-values';

const NO_CATEGORIES: CategoryItem[] = [];

/**
 * @param editId the listing edited, `null` for a new one
 * @param values the form's values (their section and category select what loads)
 * @param setValues / setPhotos the form's setters, filled from the listing and pruned to the grid
 * @returns the loaded data, each `null` while it loads; `loadError` is the Russian message when the form
 *   cannot open (no such listing, or the reference data failed)
 */
export function useSellData(
  editId: number | null,
  values: Pick<Values, 'type' | 'category'>,
  setValues: Dispatch<SetStateAction<Values>>,
  setPhotos: Dispatch<SetStateAction<PhotoItem[]>>,
) {
  const charsQuery = useChars();
  const fee = useFee().data ?? null;
  const listingQuery = useListing(editId);
  const catsQuery = useCategories(values.type);
  const category = values.category ? Number(values.category) : null;
  const sizesQuery = useSizeGrid(category);

  // The listing fills the form once (a later refetch must not overwrite the seller's edits).
  const listing = listingQuery.data ?? null;
  const filled = useRef<Listing | null>(null);
  useEffect(() => {
    if (!listing || filled.current) return;
    filled.current = listing;
    setValues(valuesFromListing(listing));
    setPhotos(
      listing.photos.map((p) => ({ key: `stored-${p.id}`, kind: 'stored', photoId: p.id, preview: p.url_small })),
    );
  }, [listing, setValues, setPhotos]);

  // A loaded grid drops the sizes not in it.
  const grid = category ? (sizesQuery.data ?? null) : null;
  useEffect(() => {
    if (!grid) return;
    setValues((v) => {
      const kept = v.sizes.filter((s) => grid.some((g) => g.value === s.size));
      // One size in the grid («Без размера»): choose it for the seller.
      if (grid.length === 1 && kept.length === 0)
        return { ...v, sizes: [{ size: grid[0]!.value, price: v.price, count: 1 }] };
      return kept.length === v.sizes.length ? v : { ...v, sizes: kept };
    });
  }, [grid, setValues]);

  const listingError = errorInfo(listingQuery.error);
  const loadError = charsQuery.error
    ? errorMessage(charsQuery.error)
    : listingError
      ? listingError.status === 404
        ? 'Товар не найден: возможно, он удалён или принадлежит другому продавцу.'
        : listingError.message
      : null;
  // Categories that cannot be loaded leave the select empty.
  const cats = catsQuery.data ?? (catsQuery.isError ? NO_CATEGORIES : null);

  return { chars: charsQuery.data ?? null, fee, cats, gridSizes: grid, listing, loadError };
}
