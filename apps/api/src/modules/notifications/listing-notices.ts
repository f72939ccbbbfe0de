/**
 * Notices of staff's decisions on a listing (`listing.moderated {listingId, action, reason}`): the owner hears that
 * it was blocked (with the reason), unblocked, passed the authenticity check («Проверено») or did not (with the
 * reason). Type `listing_moderated`; the link leads to the owner's listings, where the state is shown. Also
 * `brand.merged`: staff filed the brand the seller typed under a listed brand — each owner hears it of each listing
 * (and that a luxury brand's listing waits for the proof check).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brands, productPhotos, products } from '../../db/schema/index.js';
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

/** Subscribes the owner's notices to `listing.moderated` and `brand.merged`. */
export function subscribeListingNotices(app: FastifyInstance): void {
  app.events.subscribe('brand.merged', 'notifications.brand-merged', async ({ tx, event }) => {
    const { brandId, listingIds, reviewIds } = event.payload;
    const [brand] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
    if (!brand || !listingIds.length) return;
    const rows = await tx
      .select({ id: products.id, ownerId: products.ownerId, title: products.title })
      .from(products)
      .where(inArray(products.id, listingIds));
    for (const p of rows) {
      const review = reviewIds.includes(p.id);
      await notify(app, tx, p.ownerId, {
        type: 'listing_moderated',
        title: `«${p.title}»: бренд ${brand.name}`,
        text: review
          ? `Модератор добавил бренд в справочник. Это люксовый бренд: объявление ждёт проверки подлинности — добавьте фото чека, бирок или серийного номера.`
          : `Модератор добавил бренд в справочник: объявление теперь на странице бренда и в фильтре по бренду.`,
        link: '/account/sales',
        image: null,
      });
    }
  });
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
