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
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import { ADMIN_TAG } from '../disputes/index.js';
import compilationsAdminRoutes from './compilations-routes.js';
import { adminEntries, adminEntryById, createEntry, patchEntry, setEntryCover, setEntryPublished } from './entries.js';
import { renderMarkdown } from './markdown.js';
import { getAdminContentPage, putContentPage } from './pages.js';

const security = [{ token: [] }];
const tags = [ADMIN_TAG];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 403: detailError, 404: detailError };
const slugParams = z.object({ slug: z.string().max(200) });

export default async function contentAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/content/:slug/',
    {
      schema: {
        tags,
        summary: 'Текст страницы (Markdown) и как он выглядит на сайте',
        params: slugParams,
        security,
        response: { 200: adminContentPageSchema, ...errors },
      },
    },
    async (request) => getAdminContentPage(app.db, request.params.slug),
  );
  r.put(
    '/v1/admin/content/:slug/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Изменить текст страницы',
        description:
          'title и body_markdown (Markdown; HTML-теги, кроме разметки текста, скрипты и ссылки javascript:/data: ' +
          'удаляются при показе). Изменение видно на сайте сразу, на всех процессах. Журнал аудита: content.update.',
        params: slugParams,
        body: contentPageBodySchema,
        security,
        response: { 200: adminContentPageSchema, ...errors },
      },
    },
    async (request) => putContentPage(app, request.user!.id, request.params.slug, request.body),
  );
  r.post(
    '/v1/admin/content/preview/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Предпросмотр Markdown: HTML, как его покажет сайт',
        body: previewBodySchema,
        security,
        response: { 200: previewSchema, ...errors },
      },
    },
    async (request) => ({ html: renderMarkdown(request.body.body_markdown) }),
  );

  r.get(
    '/v1/admin/entries/',
    {
      schema: {
        tags,
        summary: 'Записи журнала (kind=blog) или вакансии (kind=job), черновики тоже',
        querystring: z.object({ kind: z.enum(ENTRY_KINDS, 'Укажите blog или job.') }),
        security,
        response: { 200: adminEntryListSchema, ...errors },
      },
    },
    async (request) => adminEntries(app.db, app.storage, request.query.kind),
  );
  r.post(
    '/v1/admin/entries/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Новая запись журнала или вакансия (не опубликована)',
        description: 'Журнал аудита: content.update (entry).',
        body: entryBodySchema,
        security,
        response: { 201: adminEntrySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createEntry(app, request.user!.id, request.body)),
  );
  r.get(
    '/v1/admin/entries/:id/',
    {
      schema: {
        tags,
        summary: 'Запись',
        params: idPathParams,
        security,
        response: { 200: adminEntrySchema, ...errors },
      },
    },
    async (request) => adminEntryById(app.db, app.storage, request.params.id),
  );
  r.patch(
    '/v1/admin/entries/:id/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Изменить запись',
        description: 'Любые из полей slug, title, lead, place, body_markdown. Журнал аудита: content.update (entry).',
        params: idPathParams,
        body: entryPatchSchema,
        security,
        response: { 200: adminEntrySchema, ...errors },
      },
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
        schema: {
          tags,
          summary,
          description: 'Журнал аудита: content.update (entry). Уже в этом состоянии — 409.',
          params: idPathParams,
          security,
          response: { 200: adminEntrySchema, ...errors, 409: detailError },
        },
      },
      async (request) => setEntryPublished(app, request.user!.id, request.params.id, publish),
    );
  }
  r.post(
    '/v1/admin/entries/:id/cover/',
    {
      schema: {
        tags,
        summary: 'Обложка записи',
        description: 'multipart/form-data: cover — JPEG/PNG/WebP/HEIC до 15 МБ; без файла обложка удаляется.',
        consumes: ['multipart/form-data'],
        params: idPathParams,
        security,
        response: { 200: adminEntrySchema, ...errors, 413: detailError, 415: detailError },
      },
    },
    async (request) => setEntryCover(app, request.user!.id, request.params.id, request),
  );

  await app.register(compilationsAdminRoutes);
}
