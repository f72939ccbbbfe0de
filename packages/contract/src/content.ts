/**
 * The shop's editable texts: content pages (`GET /v1/public/content/{slug}/`, staff `GET/PUT
 * /v1/admin/content/{slug}/`), the journal's posts and job openings (`/v1/public/blog/`, `/v1/public/jobs/`,
 * staff `/v1/admin/entries/`) and staff's compilations (`/v1/admin/compilations/`). Markdown in, sanitised HTML out.
 */
import './zod-config.js';
import { z } from 'zod';
import { imageSchema } from './common.js';

/** The content pages' slugs (each one a page of the site at `/<slug>`; `sizes` is the text around the size tables). */
export const CONTENT_SLUGS = ['about', 'faq', 'garanties', 'how-buy', 'how-sell', 'sizes'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

/** Most characters of a page's or entry's Markdown. */
export const MARKDOWN_MAX = 50_000;
/** Most characters of a title. */
export const TITLE_MAX = 200;

/** One question of the FAQ, derived from the stored Markdown (`## Question`, then its answer). */
export const faqItemSchema = z.object({
  question: z.string(),
  /** The answer, sanitised HTML. */
  answer_html: z.string(),
  /** The answer as plain text (the `FAQPage` structured data). */
  answer_text: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** `GET /v1/public/content/{slug}/`: the page rendered (sanitised HTML). */
export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  /** The FAQ's questions (page `faq` only; empty elsewhere). */
  faq: z.array(faqItemSchema),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** Body of `PUT /v1/admin/content/{slug}/`. */
export const contentPageBodySchema = z.object({
  title: z.string().trim().min(1, 'Укажите заголовок.').max(TITLE_MAX, `Не длиннее ${TITLE_MAX} символов.`),
  body_markdown: z.string().max(MARKDOWN_MAX, `Не длиннее ${MARKDOWN_MAX} символов.`),
});

/** `GET/PUT /v1/admin/content/{slug}/`: the stored Markdown and its rendering. */
export const adminContentPageSchema = contentPageSchema.extend({ body_markdown: z.string() });
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

/** Body of `POST /v1/admin/content/preview/`. */
export const previewBodySchema = z.object({
  body_markdown: z.string().max(MARKDOWN_MAX, `Не длиннее ${MARKDOWN_MAX} символов.`),
});
/** Answer of `POST /v1/admin/content/preview/`: exactly what the site would show. */
export const previewSchema = z.object({ html: z.string() });

/** Kinds of entries: journal posts and job openings. */
export const ENTRY_KINDS = ['blog', 'job'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** A public entry in a list (`GET /v1/public/blog/`, `/v1/public/jobs/`). */
export const entryCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  place: z.string(),
  cover: imageSchema.nullable(),
  published_at: z.string(),
});
export type EntryCard = z.infer<typeof entryCardSchema>;
export const entryListSchema = z.object({ results: z.array(entryCardSchema) });

/** One public entry (`GET /v1/public/blog/{slug}/`, `/v1/public/jobs/{slug}/`). */
export const entrySchema = entryCardSchema.extend({ html: z.string() });
export type Entry = z.infer<typeof entrySchema>;

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Только латинские буквы, цифры и дефисы.')
  .max(100, 'Не длиннее 100 символов.');

/** Body of `POST /v1/admin/entries/` (`PATCH /v1/admin/entries/{id}/` takes any of its fields but `kind`). */
export const entryBodySchema = z.object({
  kind: z.enum(ENTRY_KINDS, 'Укажите blog или job.'),
  slug: slugField,
  title: contentPageBodySchema.shape.title,
  lead: z.string().trim().max(500, 'Не длиннее 500 символов.').default(''),
  place: z.string().trim().max(200, 'Не длиннее 200 символов.').default(''),
  body_markdown: z.string().max(MARKDOWN_MAX, `Не длиннее ${MARKDOWN_MAX} символов.`).default(''),
});
export const entryPatchSchema = z.object({
  slug: slugField.optional(),
  title: contentPageBodySchema.shape.title.optional(),
  lead: z.string().trim().max(500, 'Не длиннее 500 символов.').optional(),
  place: z.string().trim().max(200, 'Не длиннее 200 символов.').optional(),
  body_markdown: z.string().max(MARKDOWN_MAX, `Не длиннее ${MARKDOWN_MAX} символов.`).optional(),
});

/** An entry as staff see it (drafts included). */
export const adminEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  place: z.string(),
  body_markdown: z.string(),
  html: z.string(),
  cover: imageSchema.nullable(),
  /** Null while not public. */
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;
export const adminEntryListSchema = z.object({ results: z.array(adminEntrySchema) });

/** A compilation as staff see it (unpublished ones included). */
export const adminCompilationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: imageSchema.nullable(),
  published: z.boolean(),
  /** The saved catalog filter (a query of `/v1/public/products/`), or null: the listings chosen by hand. */
  filter: z.string().nullable(),
  /** The hand-picked listings' ids, in order. */
  product_ids: z.array(z.number().int()),
  /** Active listings it shows now. */
  count: z.number().int(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type AdminCompilation = z.infer<typeof adminCompilationSchema>;
export const adminCompilationListSchema = z.object({ results: z.array(adminCompilationSchema) });

const compilationFields = {
  slug: slugField,
  title: contentPageBodySchema.shape.title,
  description: z.string().trim().max(1000, 'Не длиннее 1000 символов.'),
  published: z.boolean('Укажите true или false.'),
  filter: z
    .string()
    .trim()
    .max(1000, 'Не длиннее 1000 символов.')
    .nullable()
    .transform((v) => (v ? v.replace(/^\?/, '') : null)),
  product_ids: z
    .array(z.number().int().positive(), 'Укажите список id товаров.')
    .max(500, 'Не больше 500 товаров.')
    .refine((ids) => new Set(ids).size === ids.length, 'Товары не должны повторяться.'),
  position: z.number().int().min(0).max(100_000),
};
/** Body of `POST /v1/admin/compilations/`. */
export const compilationCreateSchema = z.object({
  ...compilationFields,
  description: compilationFields.description.default(''),
  published: compilationFields.published.default(false),
  filter: compilationFields.filter.default(null),
  product_ids: compilationFields.product_ids.default([]),
  position: compilationFields.position.default(0),
});
/** Body of `PATCH /v1/admin/compilations/{id}/`: any of the fields. */
export const compilationPatchSchema = z.object({
  slug: compilationFields.slug.optional(),
  title: compilationFields.title.optional(),
  description: compilationFields.description.optional(),
  published: compilationFields.published.optional(),
  filter: compilationFields.filter.optional(),
  product_ids: compilationFields.product_ids.optional(),
  position: compilationFields.position.optional(),
});
