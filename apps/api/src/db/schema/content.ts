/**
 * The shop's editable texts (the back office's content editor): the content pages (about, faq, garanties, how-buy,
 * how-sell; the text around the size tables) as Markdown, and the journal's posts and job openings as entries.
 * Markdown is stored as staff typed it and rendered (sanitised) on the server when read.
 */
import { pgTable, text, integer, serial, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One content page by its fixed slug (`about`, `faq`, …). */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  bodyMarkdown: text('body_markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The staff member of the last change; null for the seeded text. */
  updatedBy: integer('updated_by').references(() => users.id),
});

/** A journal post (`kind` `blog`) or a job opening (`job`); public once `published_at` is set. */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** The short text of lists and the page's first paragraph (a post's lead, an opening's summary). */
    lead: text('lead').notNull().default(''),
    /** A job's place («Москва или удалённо»); empty for posts. */
    place: text('place').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    /** Media key of the cover photo (media pipeline, prefix `c`), or null. */
    cover: text('cover'),
    /** When it went public (a post's date); null while a draft or unpublished. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_entries_kind_slug_uq').on(t.kind, t.slug),
    index('content_entries_published_idx').on(t.kind, t.publishedAt),
  ],
);
