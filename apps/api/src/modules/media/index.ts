/**
 * Uploaded images (architecture §1, storage): checked by content, size and pixel count, resized to WebP widths
 * and stored through the media storage provider (`providers/storage`: `DATA_DIR/media` or an S3 bucket). The
 * public face of the media module.
 */
/** Upload limits: bytes per file, pixels per image, the WebP widths a listing photo is stored at. */
export { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, MEDIA_WIDTHS } from './service.js';
/** Storing, reading and removing images through the storage. */
export { readImage, readUpload, removeImage, storeImage, type StoredImage } from './service.js';
/** Public URLs of a stored image (`srcset`), and where they point (`MEDIA_PUBLIC_URL` or `/media`). */
export { imageUrls, setMediaPublicUrl } from './urls.js';
/** `GET /media/<key>/<width>.webp`, streamed from the storage with immutable caching; private photos' route. */
export { mediaRoutes } from './serve.js';
/** Private photos (chat, claim, proof; decision 0150): their kinds, signed links and the links' lifetime. */
export {
  isPrivateKey,
  PRIVATE_KINDS,
  PRIVATE_LINK_STEP_S,
  PRIVATE_LINK_TTL_S,
  privateMediaLinks,
  storageOfKey,
  type PrivateMediaLinks,
} from './private.js';
/** HEIC/HEIF photos from phones: detection and conversion to PNG before resizing. */
export { heicToPng, isHevcHeif } from './heic.js';
/** A multipart form with photos: text fields, each photo stored as it arrives, all removed when the request fails. */
export { readPhotoForm, type PhotoForm, type PhotoFormRules } from './photo-form.js';
/** The one-time move of photos stored publicly before decision 0150 (chat, claim, proof) to the private storage. */
export { PRIVATE_MOVE_JOB, PRIVATE_MOVED_SETTING, setUpPrivateMove } from './private-move.js';
