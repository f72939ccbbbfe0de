/**
 * Reading a multipart form whose files are photos (a listing's form, a message with photos): text fields are
 * collected, every file of the photo field is streamed with the 15 MB cut-off of app.ts and stored by the media
 * pipeline as it arrives. Whatever goes wrong, the images this request stored are removed.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../lib/errors.js';
import { checkFilePart, formFieldValue, multipartError } from '../../lib/multipart.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { readUpload, removeImage, storeImage, type StoredImage } from './service.js';
import { heicToPng, isHevcHeif } from './heic.js';

export interface PhotoForm {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  /** Images stored for this request, in upload order. */
  photos: StoredImage[];
  /** Removes every image of this request (call when the request fails after parsing). */
  discard: () => Promise<void>;
}

/** What a form's photos are: the field, how many, the storage key prefix and the message for too many. */
export interface PhotoFormRules {
  /** The file field, e.g. `photos`. */
  field: string;
  max: number;
  /** Media key prefix by kind (`p` listing photos, `m` message photos). */
  prefix: string;
  /** 400 message for more photos than `max`. */
  tooMany: string;
  /**
   * Runs before each photo is read and resized, with the number stored before it (a per-user photo limit: it throws
   * 429 and the rest of the body is skipped).
   */
  beforePhoto?: (photosSoFar: number) => Promise<void>;
}

/**
 * Parses the request and stores its photos.
 * @throws ApiError 415 (not multipart), 413 (a file over 15 MB, a text value over 64 KB), 400 (not an image, too
 *   many pixels/photos, a broken multipart body, U+0000 in a field — every multipart error of `lib/multipart.ts`)
 */
export async function readPhotoForm(
  request: FastifyRequest,
  storage: MediaStorage,
  rules: PhotoFormRules,
): Promise<PhotoForm> {
  if (!request.isMultipart()) {
    throw new ApiError(415, { detail: 'Отправьте форму как multipart/form-data.' });
  }
  const { field } = rules;
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
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest({
          [part.fieldname]: [`Неизвестное поле с файлом. Фотографии отправляйте в поле ${field}.`],
        });
      }
      if (photos.length >= rules.max) {
        part.file.resume();
        throw badRequest({ [field]: [rules.tooMany] });
      }
      if (rules.beforePhoto) {
        try {
          await rules.beforePhoto(photos.length);
        } catch (err) {
          part.file.resume();
          throw err;
        }
      }
      let data = await readUpload(part.file);
      if (!data) throw new ApiError(413, { [field]: [`Файл «${part.filename}» больше 15 МБ.`] });
      if (await isHevcHeif(data)) data = await heicToPng(data);
      photos.push(await storeImage(data, { storage, prefix: rules.prefix, field }));
    }
  } catch (err) {
    await discard();
    throw multipartError(err, { field, tooLarge: 'Файл больше 15 МБ.', tooMany: rules.tooMany });
  }
  return { fields, photos, discard };
}
