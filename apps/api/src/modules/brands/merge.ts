/**
 * Staff file a typed brand under the reference list (`POST /v1/admin/brands/merge/`) and add brands to it
 * (`POST /v1/admin/brands/`), docs/decisions/0120-staff-brand-merge.md. A merge moves every listing (not deleted)
 * whose `brand_text` has the same normalised spelling to the listed brand in one transaction: `brand_id` set,
 * `brand_text` cleared, the search text rebuilt with the brand's names and aliases — so the listings are in the
 * brand's page, filter and search at once. A luxury brand's listings on sale and not yet checked go to
 * `pending_review`, as publishing them under that brand would. The audit row (`brand.merge`), the event
 * `brand.merged` (the owners are told) and the purge of every process's public answers commit with it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminBrand, BrandMerged } from '@vitrina/contract/admin-brands';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { transliterate } from '../../lib/translit.js';
import { buildSearchText, listedBrandOf } from '../catalog/index.js';
import { PUBLIC_CACHE_PURGE_CHANNEL } from '../moderation/index.js';
import { brandKey, FREE_BRAND_LISTING } from './free.js';

const adminBrand = (b: typeof brands.$inferSelect): AdminBrand => ({
  id: b.id,
  slug: b.slug,
  name: b.name,
  name_ru: b.nameRu,
  is_luxury: b.isLuxury,
});

/** Category names from the root down to `id`, from the whole (small) category table read once per merge. */
async function categoryPaths(tx: Tx): Promise<(id: number | null) => string[]> {
  const rows = await tx
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const byId = new Map(rows.map((c) => [c.id, c]));
  return (id) => {
    const path: string[] = [];
    for (let node = id === null ? undefined : byId.get(id), depth = 0; node && depth < 6; depth += 1) {
      path.unshift(node.name);
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    return path;
  };
}

/**
 * Files every listing with the typed brand `brandText` (case, whitespace and ё ignored) under the listed brand.
 * @param reason staff's comment, kept in the audit row
 * @throws ApiError 404 unknown brand, or no listing has that typed brand (merged already)
 */
export async function mergeBrand(
  app: FastifyInstance,
  staffId: number,
  body: { brand_text: string; brand: number; reason: string },
): Promise<BrandMerged> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [brand] = await tx.select().from(brands).where(eq(brands.id, body.brand));
    if (!brand) throw notFound('Бренд не найден в справочнике.');
    const found = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`select p.id from products p
          where ${FREE_BRAND_LISTING} and ${brandKey(sql`p.brand_text`)} = ${brandKey(sql`${body.brand_text}::text`)}
          order by p.id for update`,
    );
    if (!found.length) throw notFound(`Объявлений с брендом «${body.brand_text}» нет: возможно, их уже объединили.`);
    const ids = found.map((r) => r.id);
    const rows = await tx.select().from(products).where(inArray(products.id, ids));
    const pathOf = await categoryPaths(tx);
    const toReview: number[] = [];
    for (const p of rows) {
      // A luxury brand's listing is public only once its proof is checked (as publishing it would be).
      const review = brand.isLuxury && p.status === 'active' && p.verifiedAt === null;
      if (review) toReview.push(p.id);
      await tx
        .update(products)
        .set({
          brandId: brand.id,
          brandText: null,
          noBrand: false,
          searchText: buildSearchText({
            brand: { name: brand.name, nameRu: brand.nameRu, aliases: brand.aliases },
            categoryPath: pathOf(p.categoryId),
            color: p.color,
            condition: p.condition,
            description: p.description,
          }),
          ...(review ? { status: 'pending_review' } : {}),
          updatedAt: now,
        })
        .where(eq(products.id, p.id));
    }
    const spellings = [...new Set(rows.map((p) => p.brandText ?? ''))].filter(Boolean);
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'brand.merge',
      objectType: 'brand',
      objectId: brand.id,
      reason: body.reason,
      details: { brand_text: body.brand_text, spellings, listings: ids, pending_review: toReview },
    });
    await app.events.emit(tx, 'brand.merged', { brandId: brand.id, listingIds: ids, reviewIds: toReview });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { brand: brand.id });
    return {
      brand: adminBrand(brand),
      brand_text: body.brand_text,
      merged: ids.length,
      listing_ids: ids,
      pending_review: toReview.length,
    };
  });
}

/** A brand slug from its name: transliterated, lower-case Latin, digits and dashes («Самошвей» → `samoshvey`). */
export function brandSlug(name: string): string {
  return (
    transliterate(name.normalize('NFC').toLowerCase())
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'brand'
  );
}

/**
 * Adds a brand to the reference list (slug from the name, made unique with `-2`, `-3`…).
 * @throws ApiError 400 `name` when a listed brand already has that spelling (any search knows)
 */
export async function createBrand(
  app: FastifyInstance,
  staffId: number,
  body: { name: string; name_ru?: string; is_luxury: boolean },
): Promise<AdminBrand> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const existing = await listedBrandOf(tx, body.name);
    if (existing !== null) {
      const [b] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, existing));
      throw badRequest({ name: [`Такой бренд уже есть в справочнике: ${b?.name ?? body.name} (id ${existing}).`] });
    }
    const base = brandSlug(body.name);
    const taken = new Set(
      (
        await tx
          .select({ slug: brands.slug })
          .from(brands)
          .where(sql`${brands.slug} = ${base} or ${brands.slug} like ${`${base}-%`}`)
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    const [brand] = await tx
      .insert(brands)
      .values({ slug, name: body.name, nameRu: body.name_ru || body.name, isLuxury: body.is_luxury })
      .onConflictDoNothing()
      .returning();
    if (!brand) throw conflict('Бренд с таким адресом только что добавили. Обновите список.');
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'brand.create',
      objectType: 'brand',
      objectId: brand!.id,
      reason: '',
      details: { name: brand!.name, name_ru: brand!.nameRu, slug, is_luxury: brand!.isLuxury },
    });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { brand: brand!.id });
    return adminBrand(brand!);
  });
}
