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
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import {
  adminCompilation,
  adminCompilations,
  createCompilation,
  deleteCompilation,
  patchCompilation,
  setCompilationCover,
} from './compilations.js';
import { coverSchema, staffSchema } from './staff-schema.js';

const FIELDS =
  'slug, title, description, published (на главной и в каталоге — только опубликованные), filter — сохранённый ' +
  'фильтр каталога (запрос /v1/public/products/, например type=women&brand=nike) или null, product_ids — товары, ' +
  'выбранные вручную, по порядку, position — место на главной.';

export default async function compilationsAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/admin/compilations/',
    {
      schema: staffSchema({
        summary: 'Подборки (и неопубликованные)',
        response: { 200: adminCompilationListSchema },
      }),
    },
    async () => adminCompilations(app),
  );
  r.post(
    '/v1/admin/compilations/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Новая подборка',
        description: `${FIELDS} Журнал аудита: compilation.update.`,
        body: compilationCreateSchema,
        response: { 201: adminCompilationSchema },
      }),
    },
    async (request, reply) => reply.status(201).send(await createCompilation(app, request.user!.id, request.body)),
  );
  r.get(
    '/v1/admin/compilations/:id/',
    {
      schema: staffSchema({
        summary: 'Подборка',
        params: idPathParams,
        response: { 200: adminCompilationSchema },
      }),
    },
    async (request) => adminCompilation(app, request.params.id),
  );
  r.patch(
    '/v1/admin/compilations/:id/',
    {
      preValidation: requireJsonBody,
      schema: staffSchema({
        summary: 'Изменить, опубликовать или снять подборку',
        description: `Любые из полей: ${FIELDS} Журнал аудита: compilation.update.`,
        params: idPathParams,
        body: compilationPatchSchema,
        response: { 200: adminCompilationSchema },
      }),
    },
    async (request) => patchCompilation(app, request.user!.id, request.params.id, request.body),
  );
  r.delete(
    '/v1/admin/compilations/:id/',
    {
      schema: staffSchema({
        summary: 'Удалить подборку',
        description: 'Журнал аудита: compilation.update.',
        params: idPathParams,
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await deleteCompilation(app, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/v1/admin/compilations/:id/cover/',
    {
      schema: coverSchema('Обложка подборки', adminCompilationSchema),
    },
    async (request) => setCompilationCover(app, request.user!.id, request.params.id, request),
  );
}
