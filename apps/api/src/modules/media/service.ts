/**
 * The image pipeline for every picture Vitrina stores (uploads, avatars, demo catalog photos):
 * content sniffed by sharp (JPEG, PNG, WebP, HEIF/AVIF; anything else is a 400 whatever its name says),
 * at most {@link MEDIA_MAX_BYTES} bytes and {@link MEDIA_MAX_PIXELS} pixels, EXIF orientation applied and
 * every metadata block (GPS!) dropped, resized to WebP variants {@link MEDIA_WIDTHS} and written to the media
 * storage (`providers/storage`: local files or an S3 bucket) as `<key>/<width>.webp`, served from
 * `/media/<key>/<width>.webp` (or `MEDIA_PUBLIC_URL`) with immutable caching. Originals are never kept.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../../lib/errors.js';
import type { MediaStorage } from '../../providers/storage/index.js';

/** Largest accepted upload: 15 MB. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;
/** Largest accepted image: 40 megapixels. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** WebP variant widths in px. */
export const MEDIA_WIDTHS = [320, 640, 1280] as const;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface StoredImage {
  /** Media key, e.g. `p/3f/3fa9…`; variants at `/media/<key>/<w>.webp`. */
  key: string;
  /** Size of the largest variant, px. */
  width: number;
  height: number;
}

/** A stored image's key: kind letter, two hex digits of fan-out, 24 hex digits. */
const IMAGE_KEY = /^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}$/;

/** 503 when the media storage fails (the bucket is unreachable…); the storage's own error is its `cause`. */
function storageUnavailable(cause: unknown): ApiError {
  const err = new ApiError(
    503,
    { detail: 'Хранилище фотографий недоступно. Попробуйте ещё раз через минуту.' },
    { 'retry-after': '60' },
  );
  err.cause = cause;
  return err;
}

/**
 * Checks, normalises and stores one image.
 * @param input the uploaded bytes
 * @param opts.storage where variants are written
 * @param opts.prefix key prefix by kind (`p` product photos, `a` avatars, `c` compilation covers)
 * @param opts.field the form field name, for the 400 answer (`{[field]: [...]}`)
 * @param opts.widths variant widths (default {@link MEDIA_WIDTHS}); avatars use smaller ones
 * @throws ApiError 400 (not an image / unsupported format / too many pixels), 413 (too large), 503 (the storage
 *   failed; nothing of the image is left in it)
 */
export async function storeImage(
  input: Buffer,
  opts: { storage: MediaStorage; prefix: string; field: string; widths?: readonly number[] },
): Promise<StoredImage> {
  const bad = (msg: string) => new ApiError(400, { [opts.field]: [msg] });
  if (input.length > MEDIA_MAX_BYTES) throw new ApiError(413, { [opts.field]: ['Файл больше 15 МБ.'] });
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw bad('Загрузите изображение в формате JPEG, PNG, WebP или HEIC.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw bad('Загрузите изображение в формате JPEG, PNG, WebP или HEIC.');
  }
  if (!meta.width || !meta.height) throw bad('Не удалось прочитать размеры изображения.');
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) throw bad('Изображение больше 40 мегапикселей.');
  if (Math.min(meta.width, meta.height) < 200) throw bad('Изображение меньше 200 пикселей по короткой стороне.');

  const id = randomBytes(12).toString('hex');
  const key = `${opts.prefix}/${id.slice(0, 2)}/${id}`;
  const variants: { width: number; data: Buffer }[] = [];
  let outW = 0;
  let outH = 0;
  try {
    // Decode once, applying EXIF orientation; metadata is not copied to the output (sharp's default).
    const base = sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' }).rotate();
    for (const w of opts.widths ?? MEDIA_WIDTHS) {
      const { data, info } = await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: w, data });
      outW = info.width;
      outH = info.height;
    }
  } catch {
    throw bad('Не удалось обработать изображение: файл повреждён или не поддерживается.');
  }
  try {
    await Promise.all(variants.map((v) => opts.storage.put(`${key}/${v.width}.webp`, v.data, 'image/webp')));
  } catch (err) {
    await removeImage(opts.storage, key);
    throw storageUnavailable(err);
  }
  return { key, width: outW, height: outH };
}

/**
 * Reads one uploaded file (a multipart file stream with the `fileSize` limit of app.ts) into memory and stops
 * at the limit: busboy would silently skip the rest of an oversized file until its end, so a 200 MB upload was
 * read to the last byte before the 413. Here the 413 can be answered (and the connection closed) at once.
 * A stream the multipart parser already destroyed (a body cut inside this file, noticed before the reader got the
 * part) rejects at once with the parser's error instead of waiting for events that never come.
 * @returns the bytes, or null when the file is over the limit
 */
export function readUpload(file: Readable & { truncated?: boolean }): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (file.destroyed) {
      reject(file.errored ?? new Error('Unexpected end of multipart data'));
      return;
    }
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      file.removeAllListeners('data');
      file.resume();
      resolve(null);
    });
    file.once('end', () => resolve(file.truncated ? null : Buffer.concat(chunks)));
    file.once('error', reject);
  });
}

/** Removes a stored image's variants (e.g. files of a failed request) from the storage. Never throws. */
export async function removeImage(storage: MediaStorage, key: string): Promise<void> {
  if (!IMAGE_KEY.test(key)) return;
  await storage.removePrefix(key).catch(() => undefined);
}

/**
 * The bytes of one stored variant (e.g. to read a cover's pixel size).
 * @param width the variant, px (`1280` → `<key>/1280.webp`)
 * @returns the WebP bytes, or null when not stored (or the storage failed)
 */
export async function readImage(storage: MediaStorage, key: string, width: number): Promise<Buffer | null> {
  if (!IMAGE_KEY.test(key)) return null;
  try {
    const obj = await storage.get(`${key}/${width}.webp`);
    return obj && (await buffer(obj.body));
  } catch {
    return null;
  }
}
