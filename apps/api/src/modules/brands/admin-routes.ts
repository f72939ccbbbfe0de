/**
 * Staff routes of the brand reference list (`/v1/admin/brands/…`, OpenAPI tag «Администрирование»): the typed
 * brands in use, merging one into a listed brand, adding a brand. Every call answers 401 without a token and 403 for
 * anyone but staff from an `onRequest` guard — before the query or body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBrandSchema,
  brandCreateBodySchema,
  brandMergeBodySchema,
  brandMergedSchema,
  freeBrandPageSchema,
} from '@vitrina/contract/admin-brands';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { ADMIN_TAG } from '../disputes/index.js';
import { freeBrandPage } from './free.js';
import { createBrand, mergeBrand } from './merge.js';

const sec = [{ token: [] }];
const denied = { 401: detailError, 403: detailError };
const bad = z.union([detailError, fieldErrors]);

export default async function brandAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/brands/free/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Бренды, которые продавцы написали сами (страницы DRF, самые частые сверху)',
        description:
          'Объявления (кроме удалённых) без бренда из справочника, но с brand_text, сгруппированные по написанию ' +
          '(регистр, пробелы и ё не различаются): сколько объявлений, сколько в продаже, написания и примеры. ' +
          'q — часть написания.',
        querystring: z.object({
          page: z.string().optional(),
          page_size: z.string().optional(),
          q: z.string().max(100, { error: 'Не больше 100 символов.' }).optional(),
        }),
        security: sec,
        response: { 200: freeBrandPageSchema, 400: bad, ...denied, 404: detailError },
      },
    },
    async (request) =>
      freeBrandPage(app.db, request.url, parsePageQuery(request.query, 20), request.query.q?.trim() ?? ''),
  );

  r.post(
    '/v1/admin/brands/merge/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Объединить написанный продавцами бренд с брендом из справочника',
        description:
          'Все объявления (кроме удалённых), у которых brand_text совпадает с указанным без учёта регистра, пробелов ' +
          'и ё, получают бренд brand (id из справочника) и теряют brand_text — в одной транзакции; они сразу на ' +
          'странице бренда, в фильтре и в поиске по его названиям. Объявления в продаже люксового бренда без ' +
          'проверки уходят на проверку подлинности (pending_review). Владельцы получают уведомление. reason — ' +
          'необязательный комментарий. Журнал аудита: brand.merge. Неизвестный бренд или нечего объединять — 404.',
        body: brandMergeBodySchema,
        security: sec,
        response: { 200: brandMergedSchema, 400: bad, ...denied, 404: detailError },
      },
    },
    async (request) => mergeBrand(app, request.user!.id, request.body),
  );

  r.post(
    '/v1/admin/brands/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Добавить бренд в справочник',
        description:
          'name — название (например, как его написал продавец), name_ru — по-русски (по умолчанию name), ' +
          'is_luxury — люксовый бренд (его объявления проходят проверку подлинности). Бренд, который справочник уже ' +
          'знает под любым написанием, — 400 с полем name. Журнал аудита: brand.create.',
        body: brandCreateBodySchema,
        security: sec,
        response: { 201: adminBrandSchema, 400: bad, ...denied, 409: detailError },
      },
    },
    async (request, reply) => reply.code(201).send(await createBrand(app, request.user!.id, request.body)),
  );
}
