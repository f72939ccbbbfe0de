/**
 * Staff calls of the content module (`/v1/admin/…`, OpenAPI tag «Администрирование»): content pages
 * (`GET/PUT /v1/admin/content/{slug}/`, the editor's preview `POST /v1/admin/content/preview/`), journal posts and job
 * openings (`/v1/admin/entries/`) and compilations (`/v1/admin/compilations/`, compilations-routes.ts). Every call
 * answers 401 without a token and 403 for anyone but staff from an `onRequest` guard — before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentPageSchema,
  adminEntryListSchema,
  adminEntrySchema,
  contentPageBodySchema,
  ENTRY_KINDS,
  entryBodySchema,
  entryPatchSchema,
  previewBodySchema,
  previewSchema,
} from '@vitrina/contract/content';
import { detailError } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import compilationsAdminRoutes from './compilations-routes.js';
import { adminEntries, adminEntryById, createEntry, patchEntry, setEntryCover, setEntryPublished } from './entries.js';
import { renderMarkdown } from './markdown.js';
import { coverSchema, staffSchema } from './staff-schema.js';
import { getAdminContentPage, putContentPage } from './pages.js';

const slugParams = z.object({ slug: z.string().max(200) });

export default async function contentAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/content/:slug/',
    {
      schema: staffSchema({
        summary: 'Текст страницы (Markdown) и как он выглядит на сайте',
        params: slugParams,
        response: { 200: adminContentPageSchema },
      }),
    },
    async (request) => getAdminContentPage(app.db, request.params.slug),
  );
  r.put(
    '/v1/admin/content/:slug/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Изменить текст страницы',
        description:
          'title и body_markdown (Markdown; HTML-теги, кроме разметки текста, скрипты и ссылки javascript:/data: ' +
          'удаляются при показе). Изменение видно на сайте сразу, на всех процессах. Журнал аудита: content.update.',
        params: slugParams,
        body: contentPageBodySchema,
        response: { 200: adminContentPageSchema },
      }),
    },
    async (request) => putContentPage(app, request.user!.id, request.params.slug, request.body),
  );
  r.post(
    '/v1/admin/content/preview/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Предпросмотр Markdown: HTML, как его покажет сайт',
        body: previewBodySchema,
        response: { 200: previewSchema },
      }),
    },
    async (request) => ({ html: renderMarkdown(request.body.body_markdown) }),
  );

  r.get(
    '/v1/admin/entries/',
    {
      schema: staffSchema({
        summary: 'Записи журнала (kind=blog) или вакансии (kind=job), черновики тоже',
        querystring: z.object({ kind: z.enum(ENTRY_KINDS, 'Укажите blog или job.') }),
        response: { 200: adminEntryListSchema },
      }),
    },
    async (request) => adminEntries(app.db, app.storage, request.query.kind),
  );
  r.post(
    '/v1/admin/entries/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Новая запись журнала или вакансия (не опубликована)',
        description: 'Журнал аудита: content.update (entry).',
        body: entryBodySchema,
        response: { 201: adminEntrySchema },
      }),
    },
    async (request, reply) => reply.status(201).send(await createEntry(app, request.user!.id, request.body)),
  );
  r.get(
    '/v1/admin/entries/:id/',
    {
      schema: staffSchema({
        summary: 'Запись',
        params: idPathParams,
        response: { 200: adminEntrySchema },
      }),
    },
    async (request) => adminEntryById(app.db, app.storage, request.params.id),
  );
  r.patch(
    '/v1/admin/entries/:id/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Изменить запись',
        description: 'Любые из полей slug, title, lead, place, body_markdown. Журнал аудита: content.update (entry).',
        params: idPathParams,
        body: entryPatchSchema,
        response: { 200: adminEntrySchema },
      }),
    },
    async (request) => patchEntry(app, request.user!.id, request.params.id, request.body),
  );
  for (const [verb, publish, summary] of [
    ['publish', true, 'Опубликовать запись'],
    ['unpublish', false, 'Снять запись с публикации'],
  ] as const) {
    r.post(
      `/v1/admin/entries/:id/${verb}/`,
      {
        schema: staffSchema({
          summary,
          description: 'Журнал аудита: content.update (entry). Уже в этом состоянии — 409.',
          params: idPathParams,
          response: { 200: adminEntrySchema, 409: detailError },
        }),
      },
      async (request) => setEntryPublished(app, request.user!.id, request.params.id, publish),
    );
  }
  r.post(
    '/v1/admin/entries/:id/cover/',
    {
      schema: coverSchema('Обложка записи', adminEntrySchema),
    },
    async (request) => setEntryCover(app, request.user!.id, request.params.id, request),
  );

  await app.register(compilationsAdminRoutes);
}
