/**
 * Content pages (about, faq, garanties, how-buy, how-sell, the text of sizes): read rendered
 * (`GET /v1/public/content/{slug}/`), read and changed by staff (`GET/PUT /v1/admin/content/{slug}/`). A change
 * writes the audit row `content.update` and publishes the public-cache purge in its transaction: on commit every
 * process forgets its micro-cached pages and answers, so the new text shows everywhere at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SLUGS, type AdminContentPage, type ContentPage, type ContentSlug } from '@vitrina/contract/content';
import type { Db } from '../../db/client.js';
import { contentPages } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { PUBLIC_CACHE_PURGE_CHANNEL } from '../moderation/index.js';
import { DEFAULT_PAGES } from './defaults.js';
import { faqParts, renderMarkdown } from './markdown.js';

/** Whether `slug` names a content page. */
export const isContentSlug = (slug: string): slug is ContentSlug => (CONTENT_SLUGS as readonly string[]).includes(slug);

type PageRow = typeof contentPages.$inferSelect;

function rendered(row: Pick<PageRow, 'slug' | 'title' | 'bodyMarkdown' | 'updatedAt'>): ContentPage {
  return {
    slug: row.slug,
    title: row.title,
    html: renderMarkdown(row.bodyMarkdown),
    faq: row.slug === 'faq' ? faqParts(row.bodyMarkdown) : [],
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored page, or its first text when the row is missing (a database the start-up has not seeded yet). */
async function pageRow(db: Db, slug: ContentSlug) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  const d = DEFAULT_PAGES[slug];
  return row ?? { slug, title: d.title, bodyMarkdown: d.body, updatedAt: new Date(0), updatedBy: null };
}

/**
 * `GET /v1/public/content/{slug}/`: the page with its sanitised HTML (and the FAQ's questions).
 * @throws ApiError 404 for an unknown slug
 */
export async function getContentPage(db: Db, slug: string): Promise<ContentPage> {
  if (!isContentSlug(slug)) throw notFound('Страница не найдена.');
  return rendered(await pageRow(db, slug));
}

/** `GET /v1/admin/content/{slug}/`: the page with its Markdown. @throws ApiError 404 for an unknown slug */
export async function getAdminContentPage(db: Db, slug: string): Promise<AdminContentPage> {
  if (!isContentSlug(slug)) throw notFound('Страница не найдена.');
  const row = await pageRow(db, slug);
  return { ...rendered(row), body_markdown: row.bodyMarkdown };
}

/**
 * `PUT /v1/admin/content/{slug}/`: replaces the title and Markdown; audit `content.update` (object `content`, the
 * slug; details: the old and new lengths and title) and the purge of public answers on every process.
 * @throws ApiError 404 for an unknown slug
 */
export async function putContentPage(
  app: FastifyInstance,
  staffId: number,
  slug: string,
  body: { title: string; body_markdown: string },
): Promise<AdminContentPage> {
  if (!isContentSlug(slug)) throw notFound('Страница не найдена.');
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const [old] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
    const values = { title: body.title, bodyMarkdown: body.body_markdown, updatedAt: now, updatedBy: staffId };
    const [saved] = await tx
      .insert(contentPages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: contentPages.slug, set: values })
      .returning();
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'content.update',
      objectType: 'content',
      objectId: slug,
      reason: '',
      details: {
        title: body.title,
        previous_title: old?.title ?? null,
        length: body.body_markdown.length,
        previous_length: old?.bodyMarkdown.length ?? null,
      },
    });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { content: slug });
    return saved!;
  });
  return { ...rendered(row), body_markdown: row.bodyMarkdown };
}
