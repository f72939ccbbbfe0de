/**
 * The journal's posts and the job openings (`content_entries`, `kind` `blog` | `job`): public lists and pages of
 * published entries (`GET /v1/public/blog/`, `/v1/public/blog/{slug}/`, the same under `/v1/public/jobs/`) and
 * staff's calls (`/v1/admin/entries/`: list, create, read, change, publish, unpublish, cover). Every change writes
 * the audit row `content.update` (object `entry`) and purges the public answers on every process in its transaction.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminEntry, Entry, EntryCard, EntryKind } from '@vitrina/contract/content';
import type { Db, Tx } from '../../db/client.js';
import { contentEntries } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { coverImage } from '../catalog/index.js';
import { readPhotoForm, removeImage } from '../media/index.js';
import { PUBLIC_CACHE_PURGE_CHANNEL } from '../moderation/index.js';
import { renderMarkdown } from './markdown.js';

type Row = typeof contentEntries.$inferSelect;

const cover = (storage: MediaStorage, key: string | null) => (key ? coverImage(storage, key) : Promise.resolve(null));

async function card(storage: MediaStorage, r: Row): Promise<EntryCard> {
  return {
    slug: r.slug,
    title: r.title,
    lead: r.lead,
    place: r.place,
    cover: await cover(storage, r.cover),
    published_at: (r.publishedAt ?? r.createdAt).toISOString(),
  };
}

async function adminEntry(storage: MediaStorage, r: Row): Promise<AdminEntry> {
  return {
    id: r.id,
    kind: r.kind as EntryKind,
    slug: r.slug,
    title: r.title,
    lead: r.lead,
    place: r.place,
    body_markdown: r.bodyMarkdown,
    html: renderMarkdown(r.bodyMarkdown),
    cover: await cover(storage, r.cover),
    published_at: r.publishedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** `GET /v1/public/blog/` or `/v1/public/jobs/`: published entries, newest first. */
export async function publicEntries(db: Db, storage: MediaStorage, kind: EntryKind): Promise<{ results: EntryCard[] }> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), isNotNull(contentEntries.publishedAt)))
    .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id));
  return { results: await Promise.all(rows.map((r) => card(storage, r))) };
}

/** One published entry with its sanitised HTML. @throws ApiError 404 unknown or not published */
export async function publicEntry(db: Db, storage: MediaStorage, kind: EntryKind, slug: string): Promise<Entry> {
  const [r] = await db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.kind, kind),
        eq(contentEntries.slug, slug.toLowerCase()),
        isNotNull(contentEntries.publishedAt),
      ),
    );
  if (!r) throw notFound(kind === 'blog' ? 'Статья не найдена.' : 'Вакансия не найдена.');
  return { ...(await card(storage, r)), html: renderMarkdown(r.bodyMarkdown) };
}

/** `GET /v1/admin/entries/?kind=`: every entry of the kind (drafts too), newest change first. */
export async function adminEntries(db: Db, storage: MediaStorage, kind: EntryKind): Promise<{ results: AdminEntry[] }> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(eq(contentEntries.kind, kind))
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id));
  return { results: await Promise.all(rows.map((r) => adminEntry(storage, r))) };
}

/** `GET /v1/admin/entries/{id}/`. @throws ApiError 404 */
export async function adminEntryById(db: Db, storage: MediaStorage, id: number): Promise<AdminEntry> {
  const [r] = await db.select().from(contentEntries).where(eq(contentEntries.id, id));
  if (!r) throw notFound('Запись не найдена.');
  return adminEntry(storage, r);
}

/** The field `slug` taken by another entry of the kind → 400 naming it. */
async function slugFree(tx: Tx, kind: string, slug: string, id?: number) {
  const [other] = await tx
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug)));
  if (other && other.id !== id) throw badRequest({ slug: ['Такой адрес уже занят другой записью.'] });
}

/** Writes the audit row and the purge of a change of entry `id`. */
async function changed(app: FastifyInstance, tx: Tx, staffId: number, row: Row, change: string) {
  await writeAudit(tx, {
    staffId,
    at: app.clock.now(),
    action: 'content.update',
    objectType: 'entry',
    objectId: row.id,
    reason: '',
    details: { change, kind: row.kind, slug: row.slug, title: row.title },
  });
  await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { entry: row.id });
}

/** Locks entry `id` for a change. @throws ApiError 404 */
async function lockEntry(tx: Tx, id: number): Promise<Row> {
  const [r] = await tx.select().from(contentEntries).where(eq(contentEntries.id, id)).for('update');
  if (!r) throw notFound('Запись не найдена.');
  return r;
}

/**
 * `POST /v1/admin/entries/`: a new entry, not yet published.
 * @throws ApiError 400 `{slug}` when the kind has an entry with that address
 */
export async function createEntry(
  app: FastifyInstance,
  staffId: number,
  b: { kind: EntryKind; slug: string; title: string; lead: string; place: string; body_markdown: string },
): Promise<AdminEntry> {
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content_entries'))`);
    await slugFree(tx, b.kind, b.slug);
    const [r] = await tx
      .insert(contentEntries)
      .values({
        kind: b.kind,
        slug: b.slug,
        title: b.title,
        lead: b.lead,
        place: b.place,
        bodyMarkdown: b.body_markdown,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await changed(app, tx, staffId, r!, 'create');
    return r!;
  });
  return adminEntry(app.storage, row);
}

/**
 * `PATCH /v1/admin/entries/{id}/`: changes the given fields.
 * @throws ApiError 404 unknown entry; 400 `{slug}` taken
 */
export async function patchEntry(
  app: FastifyInstance,
  staffId: number,
  id: number,
  b: { slug?: string; title?: string; lead?: string; place?: string; body_markdown?: string },
): Promise<AdminEntry> {
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content_entries'))`);
    const old = await lockEntry(tx, id);
    if (b.slug !== undefined) await slugFree(tx, old.kind, b.slug, id);
    const [r] = await tx
      .update(contentEntries)
      .set({
        slug: b.slug,
        title: b.title,
        lead: b.lead,
        place: b.place,
        bodyMarkdown: b.body_markdown,
        updatedAt: now,
      })
      .where(eq(contentEntries.id, id))
      .returning();
    await changed(app, tx, staffId, r!, 'edit');
    return r!;
  });
  return adminEntry(app.storage, row);
}

/**
 * `POST /v1/admin/entries/{id}/publish/` (`publish` true) or `…/unpublish/`: a published entry is in the public
 * lists and its page answers; publishing keeps the first publication's date.
 * @throws ApiError 404 unknown entry; 409 already in that state
 */
export async function setEntryPublished(
  app: FastifyInstance,
  staffId: number,
  id: number,
  publish: boolean,
): Promise<AdminEntry> {
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const old = await lockEntry(tx, id);
    if (publish === (old.publishedAt !== null))
      throw conflict(publish ? 'Запись уже опубликована.' : 'Запись и так не опубликована.');
    const [r] = await tx
      .update(contentEntries)
      .set({ publishedAt: publish ? now : null, updatedAt: now })
      .where(eq(contentEntries.id, id))
      .returning();
    await changed(app, tx, staffId, r!, publish ? 'publish' : 'unpublish');
    return r!;
  });
  return adminEntry(app.storage, row);
}

/**
 * `POST /v1/admin/entries/{id}/cover/` (multipart, file `cover`; no file removes the cover): the photo goes through
 * the media pipeline (prefix `c`).
 * @throws ApiError 404 unknown entry; 400/413/415 from the media pipeline
 */
export async function setEntryCover(
  app: FastifyInstance,
  staffId: number,
  id: number,
  request: FastifyRequest,
): Promise<AdminEntry> {
  await adminEntryById(app.db, app.storage, id);
  const form = await readPhotoForm(request, app.storage, {
    field: 'cover',
    max: 1,
    prefix: 'c',
    tooMany: 'Загрузите одну обложку.',
  });
  const key = form.photos[0]?.key ?? null;
  let previous: string | null = null;
  try {
    const row = await app.db.transaction(async (tx) => {
      const old = await lockEntry(tx, id);
      previous = old.cover;
      const [r] = await tx
        .update(contentEntries)
        .set({ cover: key, updatedAt: app.clock.now() })
        .where(eq(contentEntries.id, id))
        .returning();
      await changed(app, tx, staffId, r!, key ? 'cover' : 'cover.remove');
      return r!;
    });
    if (previous && previous !== key) await removeImage(app.storage, previous);
    return adminEntry(app.storage, row);
  } catch (err) {
    await form.discard();
    throw err;
  }
}
