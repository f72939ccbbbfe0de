/**
 * HEIC photos from iPhones: sharp's prebuilt libvips reads HEIF headers but cannot decode HEVC, so such
 * files are decoded by `heic-decode` (libheif compiled to WebAssembly, no native code, nothing fetched
 * at run time) to RGBA pixels and re-encoded losslessly as PNG for the usual media pipeline. AVIF (also
 * HEIF, but AV1) is decoded by sharp itself.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { ApiError } from '../../lib/errors.js';
import { MEDIA_MAX_PIXELS } from './service.js';

type HeicDecode = (opts: {
  buffer: Buffer | Uint8Array;
}) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
const require = createRequire(import.meta.url);
let decoder: HeicDecode | null = null;

/** True for a HEIF container holding HEVC pictures (what sharp cannot decode). */
export async function isHevcHeif(data: Buffer): Promise<boolean> {
  // `ftyp` box at offset 4 with a HEIC brand; cheap check before asking sharp.
  if (data.length < 12 || data.toString('latin1', 4, 8) !== 'ftyp') return false;
  const brand = data.toString('latin1', 8, 12);
  if (!['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return false;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    return meta.format === 'heif' && meta.compression === 'hevc';
  } catch {
    return brand.startsWith('he');
  }
}

/**
 * Decodes a HEVC HEIC to a PNG buffer.
 * @throws ApiError 400 (too many pixels, undecodable file)
 */
export async function heicToPng(data: Buffer): Promise<Buffer> {
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta?.width && meta.height && meta.width * meta.height > MEDIA_MAX_PIXELS) {
    throw new ApiError(400, { photos: ['Изображение больше 40 мегапикселей.'] });
  }
  try {
    decoder ??= require('heic-decode') as HeicDecode;
    const img = await decoder({ buffer: data });
    if (img.width * img.height > MEDIA_MAX_PIXELS)
      throw new ApiError(400, { photos: ['Изображение больше 40 мегапикселей.'] });
    return await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
      raw: { width: img.width, height: img.height, channels: 4 },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, { photos: ['Не удалось прочитать фото HEIC. Сохраните его как JPEG и загрузите снова.'] });
  }
}
