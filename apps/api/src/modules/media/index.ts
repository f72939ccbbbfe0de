/**
 * Uploaded images (architecture §1, storage): checked by content, size and pixel count, resized to WebP widths
 * and stored under `DATA_DIR/media`. The public face of the media module.
 */
/** Upload limits: bytes per file, pixels per image, the WebP widths a listing photo is stored at. */
export { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, MEDIA_WIDTHS } from './service.js';
/** Storing, reading and removing images, and their public URLs (`srcset`). */
export { imageUrls, readUpload, removeImage, storeImage, type StoredImage } from './service.js';
/** HEIC/HEIF photos from phones: detection and conversion to PNG before resizing. */
export { heicToPng, isHevcHeif } from './heic.js';
