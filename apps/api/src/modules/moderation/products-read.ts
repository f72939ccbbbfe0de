/**
 * Staff read listings (`GET /v1/admin/products/?q=&status=`): a search by title words or an id, any status but
 * deleted (or one: `pending_review` is the luxury checks' queue, oldest first), with the owner, the block's reason and
 * the seller's proof photos. Money: kopecks stored, rubles out.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { AdminProduct } from '@vitrina/contract/admin-users';
import type { Db } from '../../db/client.js';
import { authenticityPhotos, brands, productPhotos, products, users } from '../../db/schema/index.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { imageUrls, type PrivateMediaLinks } from '../media/index.js';
import { personName } from './audit.js';

const STATUS_LABEL: Record<string, string> = {
  active: 'В продаже',
  draft: 'Черновик',
  reserved: 'Забронирован',
  sold: 'Продан',
  blocked: 'Заблокировано',
  pending_review: 'На проверке подлинности',
};
/** Statuses staff filter by. */
export const ADMIN_PRODUCT_STATUSES = Object.keys(STATUS_LABEL);

const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of listings.
 * @param q title words (each must appear) or `#123` / `123` — the listing's id
 * @param status one of {@link ADMIN_PRODUCT_STATUSES}, or undefined for all but deleted
 * @param media the signer of proof photos' links (private to the owner and staff: decision 0150)
 * @throws ApiError 404 past the last page
 */
export async function productPage(
  db: Db,
  media: PrivateMediaLinks,
  url: string,
  page: PageQuery,
  q: string,
  status: string | undefined,
): Promise<Page<AdminProduct>> {
  const where: SQL[] = [status ? eq(products.status, status) : ne(products.status, 'deleted')];
  const idQuery = /^#?(\d{1,9})$/.exec(q);
  if (idQuery) where.push(eq(products.id, Number(idQuery[1])));
  else
    for (const w of q.split(/\s+/).filter(Boolean).slice(0, 5)) where.push(ilike(products.title, `%${likeText(w)}%`));
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(products).where(cond);
  const { limit, offset } = pageWindow(page);
  // The checks' queue is worked oldest first; any other list shows the latest change first.
  const order =
    status === 'pending_review'
      ? [asc(products.updatedAt), asc(products.id)]
      : [desc(products.updatedAt), desc(products.id)];
  const rows = await db
    .select({ p: products, brand: brands.name, luxury: brands.isLuxury, first: users.firstName, last: users.lastName })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(users, eq(users.id, products.ownerId))
    .where(cond)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.p.id);
  const photos = ids.length
    ? await db
        .select()
        .from(productPhotos)
        .where(inArray(productPhotos.productId, ids))
        .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    : [];
  const proofs = ids.length
    ? await db
        .select()
        .from(authenticityPhotos)
        .where(inArray(authenticityPhotos.productId, ids))
        .orderBy(asc(authenticityPhotos.id))
    : [];
  return makePage(
    url,
    page,
    total?.n ?? 0,
    rows.map(({ p, brand, luxury, first, last }) => {
      const photo = photos.find((ph) => ph.productId === p.id);
      return {
        id: p.id,
        slug: p.slug,
        title: p.title,
        brand,
        is_luxury: luxury ?? false,
        status: p.status,
        status_label: STATUS_LABEL[p.status] ?? p.status,
        block_reason: p.blockReason,
        verified: p.verifiedAt !== null,
        review_decline_reason: p.reviewDeclineReason,
        price: toRubles(p.minPrice),
        photo: photo ? imageUrls(photo.key).url_small : null,
        owner: { id: p.ownerId, name: personName({ firstName: first, lastName: last }) },
        authenticity_photos: proofs
          .filter((ph) => ph.productId === p.id)
          .map((ph) => {
            const u = media.image(ph.key);
            return { id: ph.id, url: u.url, url_small: u.url_small };
          }),
        updated_at: p.updatedAt.toISOString(),
      };
    }),
  );
}
