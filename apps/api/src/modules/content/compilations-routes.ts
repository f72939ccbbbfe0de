/**
 * Staff routes of compilations (`/v1/admin/compilations/`), registered inside the content module's staff plugin
 * (its `onRequest` staff guard: 401/403 before the body is read). Audit: `compilation.update`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCompilationListSchema,
  adminCompilationSchema,
  compilationCreateSchema,
  compilationPatchSchema,
} from '@vitrina/contract/content';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import { ADMIN_TAG } from '../disputes/index.js';
import {
  adminCompilation,
  adminCompilations,
  createCompilation,
  deleteCompilation,
  patchCompilation,
  setCompilationCover,
} from './compilations.js';

const security = [{ token: [] }];
const tags = [ADMIN_TAG];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 403: detailError, 404: detailError };
const FIELDS =
  'slug, title, description, published (на главной и в каталоге — только опубликованные), filter — сохранённый ' +
  'фильтр каталога (запрос /v1/public/products/, например type=women&brand=nike) или null, product_ids — товары, ' +
  'выбранные вручную, по порядку, position — место на главной.';

export default async function compilationsAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/admin/compilations/',
    {
      schema: {
        tags,
        summary: 'Подборки (и неопубликованные)',
        security,
        response: { 200: adminCompilationListSchema, ...errors },
      },
    },
    async () => adminCompilations(app),
  );
  r.post(
    '/v1/admin/compilations/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Новая подборка',
        description: `${FIELDS} Журнал аудита: compilation.update.`,
        body: compilationCreateSchema,
        security,
        response: { 201: adminCompilationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCompilation(app, request.user!.id, request.body)),
  );
  r.get(
    '/v1/admin/compilations/:id/',
    {
      schema: {
        tags,
        summary: 'Подборка',
        params: idPathParams,
        security,
        response: { 200: adminCompilationSchema, ...errors },
      },
    },
    async (request) => adminCompilation(app, request.params.id),
  );
  r.patch(
    '/v1/admin/compilations/:id/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Изменить, опубликовать или снять подборку',
        description: `Любые из полей: ${FIELDS} Журнал аудита: compilation.update.`,
        params: idPathParams,
        body: compilationPatchSchema,
        security,
        response: { 200: adminCompilationSchema, ...errors },
      },
    },
    async (request) => patchCompilation(app, request.user!.id, request.params.id, request.body),
  );
  r.delete(
    '/v1/admin/compilations/:id/',
    {
      schema: {
        tags,
        summary: 'Удалить подборку',
        description: 'Журнал аудита: compilation.update.',
        params: idPathParams,
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCompilation(app, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/v1/admin/compilations/:id/cover/',
    {
      schema: {
        tags,
        summary: 'Обложка подборки',
        description: 'multipart/form-data: cover — JPEG/PNG/WebP/HEIC до 15 МБ; без файла обложка удаляется.',
        consumes: ['multipart/form-data'],
        params: idPathParams,
        security,
        response: { 200: adminCompilationSchema, ...errors, 413: detailError, 415: detailError },
      },
    },
    async (request) => setCompilationCover(app, request.user!.id, request.params.id, request),
  );
}
