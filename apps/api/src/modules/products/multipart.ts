/**
 * Reading the multipart body of `POST /v1/products/` and `PATCH /v1/products/{id}/` (spec §7): text
 * fields are collected, every `photos` file is streamed with the 15 MB cut-off of app.ts and stored by
 * the media pipeline as it arrives. Whatever goes wrong, the images this request stored are removed.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../lib/errors.js';
import { checkFilePart, formFieldValue, multipartError, type FileRules } from '../../lib/multipart.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { readUpload, removeImage, storeImage, type StoredImage } from '../media/index.js';
import { LISTING_LIMITS, LISTING_MESSAGES } from '@vitrina/contract/products';
import { heicToPng, isHevcHeif } from '../media/index.js';

export interface ListingUpload {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  /** Images stored for this request, in upload order. */
  photos: StoredImage[];
  /** Removes every image of this request (call when the request fails after parsing). */
  discard(): Promise<void>;
}

/** The `photos` field and its messages for the errors of `lib/multipart.ts`. */
const PHOTO_RULES: FileRules = { field: 'photos', tooLarge: 'Файл больше 15 МБ.', tooMany: LISTING_MESSAGES.photosMax };

/**
 * Parses the request; stores `photos` files (at most `maxPhotos`). `beforePhoto(photosSoFar)` runs before each photo
 * is read and resized, with the number of photos stored before it (the per-user photo limit: it throws 429 and the
 * rest of the body is skipped).
 * @throws ApiError 415 (not multipart), 413 (a file over 15 MB, a text value over 64 KB), 400 (not an image, too
 *   many pixels/photos, a broken multipart body, U+0000 in a field — every multipart error of `lib/multipart.ts`)
 */
export async function readListingUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  maxPhotos = LISTING_LIMITS.photosMax,
  beforePhoto?: (photosSoFar: number) => Promise<void>,
): Promise<ListingUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, { detail: 'Отправьте форму как multipart/form-data.' });
  }
  const fields: Record<string, string> = {};
  const photos: StoredImage[] = [];
  const discard = async () => {
    await Promise.all(photos.map((p) => removeImage(storage, p.key)));
  };
  try {
    for await (const part of request.parts()) {
      checkFilePart(part);
      if (part.type === 'field') {
        fields[part.fieldname] = formFieldValue(part);
        continue;
      }
      if (part.fieldname !== 'photos') {
        part.file.resume();
        throw badRequest({ [part.fieldname]: ['Неизвестное поле с файлом. Фотографии отправляйте в поле photos.'] });
      }
      if (photos.length >= maxPhotos) {
        part.file.resume();
        throw badRequest({ photos: [LISTING_MESSAGES.photosMax] });
      }
      if (beforePhoto) {
        try {
          await beforePhoto(photos.length);
        } catch (err) {
          part.file.resume();
          throw err;
        }
      }
      let data = await readUpload(part.file);
      if (!data) throw new ApiError(413, { photos: [`Файл «${part.filename}» больше 15 МБ.`] });
      if (await isHevcHeif(data)) data = await heicToPng(data);
      photos.push(await storeImage(data, { storage, prefix: 'p', field: 'photos' }));
    }
  } catch (err) {
    await discard();
    throw multipartError(err, PHOTO_RULES);
  }
  return { fields, photos, discard };
}
