/**
 * Reading the multipart body of `POST /v1/products/` and `PATCH /v1/products/{id}/` (spec §7): text
 * fields are collected, every `photos` file is streamed with the 15 MB cut-off of app.ts and stored by
 * the media pipeline as it arrives. Whatever goes wrong, the images this request stored are removed.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../lib/errors.js';
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

/**
 * Parses the request; stores `photos` files (at most `maxPhotos`).
 * @throws ApiError 415 (not multipart), 413 (a file over 15 MB), 400 (not an image, too many pixels/photos)
 */
export async function readListingUpload(
  request: FastifyRequest,
  mediaDir: string,
  maxPhotos = LISTING_LIMITS.photosMax,
): Promise<ListingUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, { detail: 'Отправьте форму как multipart/form-data.' });
  }
  const fields: Record<string, string> = {};
  const photos: StoredImage[] = [];
  const discard = async () => {
    await Promise.all(photos.map((p) => removeImage(mediaDir, p.key)));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
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
      let data = await readUpload(part.file);
      if (!data) throw new ApiError(413, { photos: [`Файл «${part.filename}» больше 15 МБ.`] });
      if (await isHevcHeif(data)) data = await heicToPng(data);
      photos.push(await storeImage(data, { mediaDir, prefix: 'p', field: 'photos' }));
    }
  } catch (err) {
    await discard();
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, { photos: ['Файл больше 15 МБ.'] });
    if (code === 'FST_FILES_LIMIT') throw badRequest({ photos: [LISTING_MESSAGES.photosMax] });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Слишком много полей в форме.');
    if (code.startsWith('FST_')) throw badRequest('Не удалось прочитать форму.');
    throw err;
  }
  return { fields, photos, discard };
}
