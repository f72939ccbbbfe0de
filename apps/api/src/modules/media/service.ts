/**
 * The image pipeline for every picture Vitrina stores (uploads, avatars, demo catalog photos):
 * content sniffed by sharp (JPEG, PNG, WebP, HEIF/AVIF; anything else is a 400 whatever its name says),
 * at most {@link MEDIA_MAX_BYTES} bytes and {@link MEDIA_MAX_PIXELS} pixels, EXIF orientation applied and
 * every metadata block (GPS!) dropped, resized to WebP variants {@link MEDIA_WIDTHS} and written under
 * `<mediaDir>/<key>/<width>.webp`, served from `/media/<key>/<width>.webp` with immutable caching.
 * Originals are never kept.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../../lib/errors.js';

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

/**
 * Checks, normalises and stores one image.
 * @param input the uploaded bytes
 * @param opts.mediaDir where variants are written
 * @param opts.prefix key prefix by kind (`p` product photos, `a` avatars, `c` compilation covers)
 * @param opts.field the form field name, for the 400 answer (`{[field]: [...]}`)
 * @param opts.widths variant widths (default {@link MEDIA_WIDTHS}); avatars use smaller ones
 * @throws ApiError 400 (not an image / unsupported format / too many pixels), 413 (too large)
 */
export async function storeImage(
  input: Buffer,
  opts: { mediaDir: string; prefix: string; field: string; widths?: readonly number[] },
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
  const dir = path.join(opts.mediaDir, key);
  await mkdir(dir, { recursive: true });
  try {
    // Decode once, applying EXIF orientation; metadata is not copied to the output (sharp's default).
    const base = sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' }).rotate();
    let outW = 0;
    let outH = 0;
    for (const w of opts.widths ?? MEDIA_WIDTHS) {
      const { data, info } = await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      await writeFile(path.join(dir, `${w}.webp`), data);
      outW = info.width;
      outH = info.height;
    }
    return { key, width: outW, height: outH };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    if (err instanceof ApiError) throw err;
    throw bad('Не удалось обработать изображение: файл повреждён или не поддерживается.');
  }
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

/** Removes a stored image's variants (e.g. files of a failed request). Never throws. */
export async function removeImage(mediaDir: string, key: string): Promise<void> {
  if (!/^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}$/.test(key)) return;
  await rm(path.join(mediaDir, key), { recursive: true, force: true }).catch(() => undefined);
}

/**
 * Public URLs of a stored image: `url` (640 px), `url_large` (1280 px), `srcset` for `<img srcset>`.
 * @param fullWidth the real width of the largest variant, px, when known: variants are never enlarged, so a
 *   1200 px photo's `1280.webp` is 1200 px wide and `srcset` must say `1200w` (variants that came out the
 *   same width are listed once)
 */
export function imageUrls(key: string, widths: readonly number[] = MEDIA_WIDTHS, fullWidth?: number) {
  const u = (w: number) => `/media/${key}/${w}.webp`;
  const real = (w: number) => (fullWidth && fullWidth > 0 ? Math.min(w, fullWidth) : w);
  const seen = new Set<number>();
  const srcset = widths
    .filter((w) => !seen.has(real(w)) && seen.add(real(w)))
    .map((w) => `${u(w)} ${real(w)}w`)
    .join(', ');
  return {
    url: u(widths[Math.min(1, widths.length - 1)]!),
    url_small: u(widths[0]!),
    url_large: u(widths[widths.length - 1]!),
    srcset,
  };
}
