/**
 * Reading the multipart body of `POST /v1/products/` and `PATCH /v1/products/{id}/` (spec §7): the media module's
 * photo form (text fields collected, every `photos` file stored as it arrives, removed again when anything fails).
 */
import type { FastifyRequest } from 'fastify';
import type { MediaStorage } from '../../providers/storage/index.js';
import { readPhotoForm, type PhotoForm } from '../media/index.js';
import { LISTING_LIMITS, LISTING_MESSAGES } from '@vitrina/contract/products';

export type ListingUpload = PhotoForm;

/**
 * Parses the request; stores `photos` files (at most `maxPhotos`). `beforePhoto(photosSoFar)` runs before each photo
 * is read and resized, with the number of photos stored before it (the per-user photo limit: it throws 429 and the
 * rest of the body is skipped).
 * @throws ApiError 415 (not multipart), 413 (a file over 15 MB, a text value over 64 KB), 400 (not an image, too
 *   many pixels/photos, a broken multipart body, U+0000 in a field — every multipart error of `lib/multipart.ts`)
 */
export function readListingUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  maxPhotos = LISTING_LIMITS.photosMax,
  beforePhoto?: (photosSoFar: number) => Promise<void>,
): Promise<ListingUpload> {
  return readPhotoForm(request, storage, {
    field: 'photos',
    max: maxPhotos,
    prefix: 'p',
    tooMany: LISTING_MESSAGES.photosMax,
    beforePhoto,
  });
}

/**
 * {@link readListingUpload} for proofs of authenticity: private photos (the owner and staff, decision 0150) stored
 * under `v/…` in `storage` — the app's private storage.
 */
export function readProofUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  maxPhotos: number,
  beforePhoto?: (photosSoFar: number) => Promise<void>,
): Promise<ListingUpload> {
  return readPhotoForm(request, storage, {
    field: 'photos',
    max: maxPhotos,
    prefix: 'v',
    tooMany: LISTING_MESSAGES.photosMax,
    beforePhoto,
  });
}
