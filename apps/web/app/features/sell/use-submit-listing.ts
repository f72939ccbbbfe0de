/**
 * Saving the sell form (spec §7 `POST /v1/products/`, `PATCH /v1/products/{id}/`): checks the fields by the
 * rules of the button pressed, sends the multipart form with upload progress, puts new photos where the
 * seller placed them, then says so and goes to the product (published) or to the drafts (draft). Server
 * field errors go back under their fields.
 */
import { notifications } from '@mantine/notifications';
import { checkListing, type Listing } from '@vitrina/contract/products';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiResult } from '../../shared/api/client';
import { sendListing } from './api';
import { invalidateOwnerListings } from './queries';
import type { PhotoItem } from './photo-picker';
import { brandPayload, candidate, sizesPayload, type Values } from './sell-values';
import type { SubmitKind, useFieldErrors } from './use-field-errors';

type NewPhoto = Extract<PhotoItem, { kind: 'new' }>;

/** The multipart body: the fields, the new photo files and, when editing, the stored photos kept and their order. */
function listingFormData(
  values: Values,
  photos: PhotoItem[],
  listing: Listing | null,
  editId: number | null,
  kind: SubmitKind,
) {
  const form = new FormData();
  form.set('title', values.title.trim());
  form.set('description', values.description);
  const brand = brandPayload(values.brand);
  form.set('brand', brand.brand === null ? '' : String(brand.brand));
  form.set('brand_text', brand.brand_text ?? '');
  form.set('no_brand', String(brand.no_brand));
  form.set('category', values.category ?? '');
  form.set('condition', values.condition ?? '');
  form.set('color', values.color ?? '');
  form.set('sizes', JSON.stringify(sizesPayload(values.sizes)));
  for (const p of photos) if (p.kind === 'new') form.append('photos', p.file, p.file.name);
  if (editId) {
    const storedNow = photos.filter((p) => p.kind === 'stored').map((p) => p.photoId);
    const removed = (listing?.photos ?? []).map((p) => p.id).filter((id) => !storedNow.includes(id));
    if (removed.length) form.set('remove_photos', JSON.stringify(removed));
    form.set('photo_order', JSON.stringify(storedNow));
    form.set('status', kind === 'publish' ? 'active' : 'draft');
  } else if (kind === 'draft') {
    form.set('draft', 'true');
  }
  return form;
}

/**
 * Sends the form; when editing with new photos, which the API appends, a second `PATCH photo_order` puts them
 * where the seller placed them among the stored ones. Never throws.
 */
async function saveListing(
  form: FormData,
  photos: PhotoItem[],
  editId: number | null,
  onProgress: (part: number) => void,
): Promise<ApiResult<Listing>> {
  const r = await sendListing(form, { id: editId ?? undefined, onProgress });
  const fresh = photos.filter((p) => p.kind === 'new').length;
  if (!r.ok || !editId || !fresh) return r;
  const keptCount = r.data.photos.length - fresh;
  const newIds = r.data.photos.slice(keptCount).map((p) => p.id);
  let n = 0;
  const wanted = photos.map((p) => (p.kind === 'stored' ? p.photoId : newIds[n++]!));
  if (wanted.join() === r.data.photos.map((p) => p.id).join()) return r;
  const order = new FormData();
  order.set('photo_order', JSON.stringify(wanted));
  return sendListing(order, { id: editId });
}

/**
 * @param fields the form's field messages (`useFieldErrors`)
 * @returns `submit(kind)`; `check(kind)` the fields' check alone (true when they pass); `sending` the submit under way (or `null`); `progress` 0…1 of the upload;
 *   `formError` the Russian message above the buttons (or `null`): one about the fields goes once no field
 *   is marked any more, another once the seller changes something (`edited()`), so none is left stale
 */
export function useSubmitListing({
  editId,
  values,
  photos,
  listing,
  fields,
  onSaved,
}: {
  editId: number | null;
  values: Values;
  photos: PhotoItem[];
  listing: Listing | null;
  fields: ReturnType<typeof useFieldErrors>;
  /** The listing was saved (the browser's draft of the form is then forgotten). */
  onSaved?: () => void;
}) {
  const navigate = useNavigate();
  /** The banner's message and whether it is about fields (then it lasts while a field is marked). */
  const [banner, setBanner] = useState<{ message: string; aboutFields: boolean } | null>(null);
  const [sending, setSending] = useState<SubmitKind | null>(null);
  const [progress, setProgress] = useState(0);

  /** Checks the fields by the rules of `kind`, marking the wrong ones. @returns whether they pass */
  function check(kind: SubmitKind): boolean {
    fields.attempt(kind);
    setBanner(null);
    const res = checkListing(candidate(values, kind === 'publish', photos.length), true);
    if (!res.ok) setBanner({ message: 'Проверьте поля, отмеченные красным.', aboutFields: true });
    return res.ok;
  }

  async function submit(kind: SubmitKind) {
    if (!check(kind)) return;
    const form = listingFormData(values, photos, listing, editId, kind);
    setSending(kind);
    setProgress(0);
    const r = await saveListing(form, photos, editId, setProgress);
    setSending(null);
    if (!r.ok) {
      fields.rejected(r.error.fields);
      setBanner({ message: r.error.message, aboutFields: Object.keys(r.error.fields).length > 0 });
      return;
    }
    onSaved?.();
    for (const p of photos.filter((p): p is NewPhoto => p.kind === 'new')) URL.revokeObjectURL(p.preview);
    invalidateOwnerListings();
    if (kind === 'publish') {
      notifications.show({
        color: 'green',
        // Publishing a draft (or a listing taken off sale) puts it on sale; only a listing already on sale is «changed».
        title: listing?.status === 'active' ? 'Изменения сохранены' : 'Товар опубликован',
        message: r.data.title,
      });
      void navigate(`/product/${r.data.slug}`);
    } else {
      notifications.show({
        title: 'Черновик сохранён',
        message: 'Его видите только вы — опубликуйте, когда будете готовы.',
      });
      void navigate('/account/sales?status=draft');
    }
  }

  const formError = banner && (!banner.aboutFields || fields.invalid) ? banner.message : null;
  /** The seller changed something: a message not about fields has done its job. */
  const edited = () => setBanner((b) => (b && !b.aboutFields ? null : b));

  return { submit, check, sending, progress, formError, edited };
}
