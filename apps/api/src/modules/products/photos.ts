/**
 * Photos of a listing (spec §7 `PATCH /v1/products/{id}/` `photos`, `remove_photos`, `photo_order`): their shape
 * in answers, checking the ids an edit names, applying the edit (remove, reorder, append the new files) and
 * removing media files no longer needed. Photos an order still shows stay on disk.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, productPhotos } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { imageUrls, MEDIA_WIDTHS, removeImage, type StoredImage } from '../media/index.js';
import { idList, type RawFields } from './fields.js';

/** Shapes a photo row for answers. */
export const photoOut = (p: { id: number; key: string; width: number; height: number }) => ({
  id: p.id,
  ...imageUrls(p.key, MEDIA_WIDTHS, p.width),
  width: p.width,
  height: p.height,
});

/** A checked photo edit: the listing's photo rows, those removed, the order asked for and those kept. */
export interface PhotoEdit {
  photoRows: (typeof productPhotos.$inferSelect)[];
  removeIds: number[];
  order: number[] | undefined;
  kept: (typeof productPhotos.$inferSelect)[];
}

/**
 * Reads `remove_photos` and `photo_order` of an edit against the listing's photos.
 * @throws ApiError 400 naming the field for bad JSON or an id that is not this listing's photo
 */
export async function planPhotoEdit(tx: Tx, id: number, raw: RawFields): Promise<PhotoEdit> {
  const removeIds = idList(raw.remove_photos, 'remove_photos') ?? [];
  const order = idList(raw.photo_order, 'photo_order');
  const photoRows = await tx
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  const own = new Set(photoRows.map((r) => r.id));
  const foreign = [...removeIds, ...(order ?? [])].filter((x) => !own.has(x));
  if (foreign.length)
    throw badRequest({
      [removeIds.some((x) => !own.has(x)) ? 'remove_photos' : 'photo_order']: [
        `У товара нет фотографии с id ${foreign[0]}.`,
      ],
    });
  const kept = photoRows.filter((r) => !removeIds.includes(r.id));
  return { photoRows, removeIds, order, kept };
}

/**
 * Applies a photo edit: removes, puts the kept photos in order (`photo_order` first, the other kept ones in
 * their order), then appends `added`.
 * @returns the media keys of removed photos that no order shows (delete them after the answer)
 */
export async function applyPhotoEdit(tx: Tx, id: number, edit: PhotoEdit, added: StoredImage[]): Promise<string[]> {
  const { photoRows, removeIds, order, kept } = edit;
  if (removeIds.length)
    await tx.delete(productPhotos).where(and(eq(productPhotos.productId, id), inArray(productPhotos.id, removeIds)));
  // Final order: photo_order first, the other kept photos in their order, then the new ones.
  const orderedKept = order
    ? [...order.map((x) => kept.find((k) => k.id === x)!).filter(Boolean), ...kept.filter((k) => !order.includes(k.id))]
    : kept;
  for (const [i, r] of orderedKept.entries()) {
    if (r.position !== i) await tx.update(productPhotos).set({ position: i }).where(eq(productPhotos.id, r.id));
  }
  if (added.length) {
    await tx.insert(productPhotos).values(
      added.map((a, i) => ({
        productId: id,
        key: a.key,
        width: a.width,
        height: a.height,
        position: orderedKept.length + i,
      })),
    );
  }
  const removedRows = photoRows.filter((r) => removeIds.includes(r.id));
  // Photos that an order still shows are kept on disk.
  const inOrders = removedRows.length
    ? await tx
        .select({ photo: orderItems.photo })
        .from(orderItems)
        .where(
          inArray(
            orderItems.photo,
            removedRows.map((r) => r.key),
          ),
        )
    : [];
  const keepKeys = new Set(inOrders.map((o) => o.photo));
  return removedRows.map((r) => r.key).filter((k) => !keepKeys.has(k));
}

/** Removes media of failed or finished requests (never throws). */
export async function removeKeys(storage: MediaStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => removeImage(storage, k)));
}
