/**
 * Luxury checks, the seller's side: a listing of a luxury brand (`brands.is_luxury`) that is published waits in
 * `pending_review` — not public — until staff approve its proof of authenticity (`verified_at`, «Проверено»); the
 * seller adds proof photos (receipt, tags, serial number) with `POST /v1/products/{id}/authenticity/` (multipart
 * `photos`, the media pipeline). Staff's approve and decline live in the moderation module.
 */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Listing } from '@vitrina/contract/products';
import type { Db, Tx } from '../../db/client.js';
import { authenticityPhotos, brands } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { StoredImage } from '../media/index.js';
import { getListing } from './read.js';
import { lockOwnedListing } from './write-lock.js';

/** Proof photos a listing may have. */
export const AUTHENTICITY_PHOTOS_MAX = 10;

/**
 * The status a published listing gets: `pending_review` for a luxury brand's listing not yet verified, else
 * `active`.
 */
export async function publishedStatus(
  db: Db | Tx,
  brandId: number | null,
  verifiedAt: Date | null,
): Promise<'active' | 'pending_review'> {
  if (brandId === null || verifiedAt) return 'active';
  const [b] = await db.select({ luxury: brands.isLuxury }).from(brands).where(eq(brands.id, brandId));
  return b?.luxury ? 'pending_review' : 'active';
}

/**
 * Adds the seller's proof photos to their listing.
 * @throws ApiError 404 not the caller's; 400 no photos, too many, already verified, blocked, or not a luxury
 *   brand's listing
 */
export async function addAuthenticityPhotos(
  app: FastifyInstance,
  ownerId: number,
  id: number,
  photos: StoredImage[],
): Promise<Listing> {
  return app.db.transaction(async (tx) => {
    const p = await lockOwnedListing(tx, ownerId, id);
    if (p.status === 'blocked') throw badRequest('Объявление заблокировано модератором.');
    if (p.verifiedAt) throw badRequest('Подлинность уже подтверждена.');
    if ((await publishedStatus(tx, p.brandId, null)) !== 'pending_review')
      throw badRequest('Проверка подлинности нужна только вещам люксовых брендов.');
    if (!photos.length) throw badRequest({ photos: ['Добавьте фото чека, бирок или серийного номера.'] });
    const [had] = await tx
      .select({ n: count() })
      .from(authenticityPhotos)
      .where(and(eq(authenticityPhotos.productId, id)));
    if ((had?.n ?? 0) + photos.length > AUTHENTICITY_PHOTOS_MAX)
      throw badRequest({ photos: [`Не больше ${AUTHENTICITY_PHOTOS_MAX} фото для проверки.`] });
    await tx
      .insert(authenticityPhotos)
      .values(photos.map((ph) => ({ productId: id, key: ph.key, width: ph.width, height: ph.height })));
    return getListing(tx, ownerId, id);
  });
}
