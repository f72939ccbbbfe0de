/**
 * What the sell form loads (spec §7): the reference data (`GET /v1/product/chars/`), the fee (`GET /v1/fee/`),
 * the listing being edited (`GET /v1/products/{id}/`), the categories of the chosen section and the size grid
 * of the chosen category. Loading a listing fills the form; loading a grid drops the sizes not in it (and
 * picks the only size of a one-size grid, «Без размера»).
 */
import type { CategoryItem } from '@vitrina/contract/catalog';
import type { Fee, Listing } from '@vitrina/contract/products';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { fetchCategories, fetchChars, fetchFee, fetchListing, fetchSizes, type Chars } from './api';
import type { PhotoItem } from './photo-picker';
import { valuesFromListing, type Values } from './sell-values';

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
  const [chars, setChars] = useState<Chars | null>(null);
  const [fee, setFee] = useState<Fee | null>(null);
  const [cats, setCats] = useState<CategoryItem[] | null>(null);
  const [gridSizes, setGridSizes] = useState<{ value: string; label: string }[] | null>(null);
  const [listing, setListing] = useState<Listing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // Reference data, the fee and (when editing) the listing.
  useEffect(() => {
    let live = true;
    void fetchChars().then((r) => live && (r.ok ? setChars(r.data.data) : setLoadError(r.error.message)));
    void fetchFee().then((r) => live && r.ok && setFee(r.data));
    if (editId) {
      void fetchListing(editId).then((r) => {
        if (!live) return;
        if (!r.ok) {
          setLoadError(
            r.error.status === 404
              ? 'Товар не найден: возможно, он удалён или принадлежит другому продавцу.'
              : r.error.message,
          );
          return;
        }
        const l = r.data;
        setListing(l);
        setValues(valuesFromListing(l));
        setPhotos(
          l.photos.map((p) => ({ key: `stored-${p.id}`, kind: 'stored', photoId: p.id, preview: p.url_small })),
        );
      });
    }
    return () => {
      live = false;
    };
  }, [editId, setValues, setPhotos]);

  useEffect(() => {
    let live = true;
    setCats(null);
    void fetchCategories(values.type).then((r) => live && setCats(r.ok ? r.data : []));
    return () => {
      live = false;
    };
  }, [values.type]);

  useEffect(() => {
    let live = true;
    setGridSizes(null);
    if (!values.category) return;
    void fetchSizes(Number(values.category)).then((r) => {
      if (!live || !r.ok) return;
      const grid = r.data.map((s) => ({ value: s.value, label: s.label }));
      setGridSizes(grid);
      setValues((v) => {
        const kept = v.sizes.filter((s) => grid.some((g) => g.value === s.size));
        // One size in the grid («Без размера»): choose it for the seller.
        if (grid.length === 1 && kept.length === 0)
          return { ...v, sizes: [{ size: grid[0]!.value, price: '', count: 1 }] };
        return kept.length === v.sizes.length ? v : { ...v, sizes: kept };
      });
    });
    return () => {
      live = false;
    };
  }, [values.category, setValues]);

  return { chars, fee, cats, gridSizes, listing, loadError };
}
