/**
 * Staff's compilations (`/v1/admin/compilations/`: list, create, read, change, delete, cover): the home page's sets
 * with a title, description and cover, their listings by a saved catalog filter or chosen by hand in order, and
 * whether they are published (only published ones are on the home page, in the catalog and the sitemap). Every
 * change writes the audit row `compilation.update` and purges the public answers on every process in its transaction.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminCompilation } from '@vitrina/contract/content';
import type { Db, Tx } from '../../db/client.js';
import { compilationProducts, compilations, products } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { compilationCount, coverImage, savedFilterQuery } from '../catalog/index.js';
import { readPhotoForm, removeImage } from '../media/index.js';
import { PUBLIC_CACHE_PURGE_CHANNEL } from '../moderation/index.js';

type Row = typeof compilations.$inferSelect;

/** Fields of a create (all) or a change (some). */
export interface CompilationFields {
  slug?: string;
  title?: string;
  description?: string;
  published?: boolean;
  filter?: string | null;
  product_ids?: number[];
  position?: number;
}

async function productIds(db: Db | Tx, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: compilationProducts.productId })
    .from(compilationProducts)
    .where(eq(compilationProducts.compilationId, id))
    .orderBy(asc(compilationProducts.position), asc(compilationProducts.productId));
  return rows.map((r) => r.id);
}

async function answer(app: FastifyInstance, r: Row): Promise<AdminCompilation> {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    cover: r.cover ? await coverImage(app.storage, r.cover) : null,
    published: r.published,
    filter: r.filter,
    product_ids: await productIds(app.db, r.id),
    count: await compilationCount(app.db, r),
    position: r.position,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** `GET /v1/admin/compilations/`: every set (unpublished too) in the home page's order. */
export async function adminCompilations(app: FastifyInstance): Promise<{ results: AdminCompilation[] }> {
  const rows = await app.db.select().from(compilations).orderBy(asc(compilations.position), asc(compilations.id));
  return { results: await Promise.all(rows.map((r) => answer(app, r))) };
}

/** `GET /v1/admin/compilations/{id}/`. @throws ApiError 404 */
export async function adminCompilation(app: FastifyInstance, id: number): Promise<AdminCompilation> {
  const [r] = await app.db.select().from(compilations).where(eq(compilations.id, id));
  if (!r) throw notFound('Подборка не найдена.');
  return answer(app, r);
}

/** Checks the fields that need the database: a free slug, a filter that resolves, listings that exist. */
async function check(tx: Tx, f: CompilationFields, id?: number) {
  if (f.slug !== undefined) {
    const [other] = await tx.select({ id: compilations.id }).from(compilations).where(eq(compilations.slug, f.slug));
    if (other && other.id !== id) throw badRequest({ slug: ['Такой адрес уже занят другой подборкой.'] });
  }
  if (f.filter) savedFilterQuery(f.filter);
  if (f.product_ids?.length) {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, f.product_ids));
    const known = new Set(found.map((p) => p.id));
    const missing = f.product_ids.filter((p) => !known.has(p));
    if (missing.length) throw badRequest({ product_ids: [`Нет товаров с id ${missing.join(', ')}.`] });
  }
}

/** Writes the audit row and the purge of a change. */
async function changed(app: FastifyInstance, tx: Tx, staffId: number, r: Row, change: string, f: CompilationFields) {
  await writeAudit(tx, {
    staffId,
    at: app.clock.now(),
    action: 'compilation.update',
    objectType: 'compilation',
    objectId: r.id,
    reason: '',
    details: { change, slug: r.slug, title: r.title, fields: Object.keys(f) },
  });
  await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { compilation: r.id });
}

async function setProducts(tx: Tx, id: number, ids: number[]) {
  await tx.delete(compilationProducts).where(eq(compilationProducts.compilationId, id));
  if (ids.length)
    await tx
      .insert(compilationProducts)
      .values(ids.map((productId, position) => ({ compilationId: id, productId, position })));
}

const lockAll = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('compilations'))`);

/**
 * `POST /v1/admin/compilations/`: a new set (unpublished unless `published`).
 * @throws ApiError 400 naming the field: a taken slug, a bad saved filter, unknown listings
 */
export async function createCompilation(
  app: FastifyInstance,
  staffId: number,
  f: Required<CompilationFields> & { slug: string; title: string },
): Promise<AdminCompilation> {
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    await lockAll(tx);
    await check(tx, f);
    const [r] = await tx
      .insert(compilations)
      .values({
        slug: f.slug,
        title: f.title,
        description: f.description,
        published: f.published,
        filter: f.filter,
        position: f.position,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setProducts(tx, r!.id, f.product_ids);
    await changed(app, tx, staffId, r!, 'create', f);
    return r!;
  });
  return answer(app, row);
}

/**
 * `PATCH /v1/admin/compilations/{id}/`: changes the given fields (`product_ids` replaces the hand-picked listings
 * and their order; `published` publishes or unpublishes).
 * @throws ApiError 404 unknown; 400 naming the field
 */
export async function patchCompilation(
  app: FastifyInstance,
  staffId: number,
  id: number,
  f: CompilationFields,
): Promise<AdminCompilation> {
  const row = await app.db.transaction(async (tx) => {
    await lockAll(tx);
    const [old] = await tx.select().from(compilations).where(eq(compilations.id, id)).for('update');
    if (!old) throw notFound('Подборка не найдена.');
    await check(tx, f, id);
    const { product_ids, ...fields } = f;
    const [r] = await tx
      .update(compilations)
      .set({ ...fields, updatedAt: app.clock.now() })
      .where(eq(compilations.id, id))
      .returning();
    if (product_ids) await setProducts(tx, id, product_ids);
    const change =
      f.published === undefined || f.published === old.published ? 'edit' : f.published ? 'publish' : 'unpublish';
    await changed(app, tx, staffId, r!, change, f);
    return r!;
  });
  return answer(app, row);
}

/** `DELETE /v1/admin/compilations/{id}/`: the set and its list of listings. @throws ApiError 404 */
export async function deleteCompilation(app: FastifyInstance, staffId: number, id: number): Promise<void> {
  const cover = await app.db.transaction(async (tx) => {
    const [r] = await tx.delete(compilations).where(eq(compilations.id, id)).returning();
    if (!r) throw notFound('Подборка не найдена.');
    await changed(app, tx, staffId, r, 'delete', {});
    return r.cover;
  });
  if (cover) await removeImage(app.storage, cover);
}

/**
 * `POST /v1/admin/compilations/{id}/cover/` (multipart, file `cover`; none removes it): the cover through the media
 * pipeline (prefix `c`); without one the set shows its first listing's photo.
 * @throws ApiError 404 unknown; 400/413/415 from the media pipeline
 */
export async function setCompilationCover(
  app: FastifyInstance,
  staffId: number,
  id: number,
  request: FastifyRequest,
): Promise<AdminCompilation> {
  await adminCompilation(app, id);
  const form = await readPhotoForm(request, app.storage, {
    field: 'cover',
    max: 1,
    prefix: 'c',
    tooMany: 'Загрузите одну обложку.',
  });
  const key = form.photos[0]?.key ?? null;
  try {
    const { row, previous } = await app.db.transaction(async (tx) => {
      const [old] = await tx.select().from(compilations).where(eq(compilations.id, id)).for('update');
      if (!old) throw notFound('Подборка не найдена.');
      const [r] = await tx
        .update(compilations)
        .set({ cover: key, updatedAt: app.clock.now() })
        .where(eq(compilations.id, id))
        .returning();
      await changed(app, tx, staffId, r!, key ? 'cover' : 'cover.remove', {});
      return { row: r!, previous: old.cover };
    });
    if (previous && previous !== key) await removeImage(app.storage, previous);
    return answer(app, row);
  } catch (err) {
    await form.discard();
    throw err;
  }
}
