/**
 * Public calls of the `content` module (spec §7): content pages (`GET /v1/public/content/{slug}/`), the journal
 * (`GET /v1/public/blog/`, `/v1/public/blog/{slug}/`) and the job openings (`GET /v1/public/jobs/`,
 * `/v1/public/jobs/{slug}/`). The answers are the same for everyone: micro-cached per process, purged on every
 * process when staff change a text (pages.ts, entries.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentPageSchema, entryListSchema, entrySchema } from '@vitrina/contract/content';
import { detailError } from '@vitrina/contract/common';
import { publicAnswer } from '../../plugins/public-cache.js';
import { publicEntries, publicEntry } from './entries.js';
import { getContentPage } from './pages.js';

const tags = ['content'];
const slugParams = z.object({ slug: z.string().max(200) });

export default async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/public/content/:slug/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Страница с текстом: about, faq, garanties, how-buy, how-sell, sizes',
        description: 'html — текст страницы (Markdown, очищенный от скриптов); faq — вопросы и ответы страницы faq.',
        params: slugParams,
        response: { 200: contentPageSchema, 404: detailError },
      },
    },
    async (request) => getContentPage(app.db, request.params.slug),
  );
  for (const [kind, path, what] of [
    ['blog', 'blog', 'Журнал'],
    ['job', 'jobs', 'Вакансии'],
  ] as const) {
    r.get(
      `/v1/public/${path}/`,
      {
        ...publicAnswer,
        schema: { tags, summary: `${what}: опубликованные записи, новые сверху`, response: { 200: entryListSchema } },
      },
      async () => publicEntries(app.db, app.storage, kind),
    );
    r.get(
      `/v1/public/${path}/:slug/`,
      {
        ...publicAnswer,
        schema: {
          tags,
          summary: `${what}: одна запись`,
          params: slugParams,
          response: { 200: entrySchema, 404: detailError },
        },
      },
      async (request) => publicEntry(app.db, app.storage, kind, request.params.slug),
    );
  }
}
