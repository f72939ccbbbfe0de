/**
 * Notices of staff's decisions on a listing (`listing.moderated {listingId, action, reason}`): the owner hears that
 * it was blocked (with the reason), unblocked, passed the authenticity check («Проверено») or did not (with the
 * reason). Type `listing_moderated`; the link leads to the owner's listings, where the state is shown.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { productPhotos, products } from '../../db/schema/index.js';
import { imageUrls } from '../media/index.js';
import { notify } from './service.js';

/** What staff did to the listing (the event's `action`). */
export type ListingModeration = 'blocked' | 'unblocked' | 'verified' | 'review_declined';

const TITLES: Record<ListingModeration, (title: string) => string> = {
  blocked: (t) => `Объявление «${t}» заблокировано`,
  unblocked: (t) => `Объявление «${t}» снова доступно`,
  verified: (t) => `«${t}»: подлинность подтверждена`,
  review_declined: (t) => `«${t}»: проверка подлинности не пройдена`,
};

const TEXTS: Record<ListingModeration, (reason: string) => string> = {
  blocked: (r) => `Модератор заблокировал объявление. Причина: ${r}`,
  unblocked: () => 'Модератор снял блокировку — объявление вернулось в прежний статус.',
  verified: () => 'Объявление опубликовано с отметкой «Проверено».',
  review_declined: (r) =>
    `Объявление перенесено в черновики. Причина: ${r} Добавьте подтверждения и опубликуйте его снова.`,
};

/** Subscribes the owner's notice to `listing.moderated`. */
export function subscribeListingNotices(app: FastifyInstance): void {
  app.events.subscribe('listing.moderated', 'notifications.listing-moderated', async ({ tx, event }) => {
    const { listingId, action } = event.payload;
    const [p] = await tx
      .select({ ownerId: products.ownerId, title: products.title })
      .from(products)
      .where(eq(products.id, listingId));
    if (!p) return;
    const [photo] = await tx
      .select({ key: productPhotos.key })
      .from(productPhotos)
      .where(eq(productPhotos.productId, listingId))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id))
      .limit(1);
    const reason = (event.payload.reason ?? '').trim();
    await notify(app, tx, p.ownerId, {
      type: 'listing_moderated',
      title: TITLES[action](p.title),
      text: TEXTS[action](/[.!?…]$/u.test(reason) ? reason : `${reason}.`),
      link: '/account/sales',
      image: photo ? imageUrls(photo.key).url_small : null,
    });
  });
}
