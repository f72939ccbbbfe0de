/**
 * Staff routes of disputes (`/v1/admin/…`, OpenAPI tag «Администрирование»): every call answers 401 without a token
 * and 403 for anyone but staff from an `onRequest` guard — before the body is read or validated.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { DISPUTE_FILTERS, disputePageSchema, disputeResolveSchema, disputeSchema } from '@vitrina/contract/disputes';
import { badRequest } from '../../lib/errors.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { disputesPage } from './read.js';
import { resolveDispute } from './service.js';

/** The OpenAPI tag of staff calls. */
export const ADMIN_TAG = 'Администрирование';
const sec = [{ token: [] }];
const denied = { 401: detailError, 403: detailError };

export default async function adminDisputeRoutes(app: FastifyInstance) {
  // Every route of this plugin: staff only, checked first.
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/disputes/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Споры (страницы DRF): претензия и ответ сторон с фото, заказ, история',
        description:
          'filter: open (стороны ещё договариваются), escalated (ждут решения), decided, all (по умолчанию).',
        querystring: z.object({
          page: z.string().optional(),
          page_size: z.string().optional(),
          filter: z.string().max(40).optional(),
        }),
        security: sec,
        response: { 200: disputePageSchema, 400: z.union([detailError, fieldErrors]), ...denied, 404: detailError },
      },
    },
    async (request) => {
      const f = request.query.filter?.trim() || 'all';
      if (!(DISPUTE_FILTERS as readonly string[]).includes(f))
        throw badRequest({
          filter: [`Неизвестный фильтр «${f.slice(0, 40)}». Допустимо: ${DISPUTE_FILTERS.join(', ')}.`],
        });
      return disputesPage(app, request.url, parsePageQuery(request.query), f as (typeof DISPUTE_FILTERS)[number]);
    },
  );

  r.post(
    '/v1/admin/disputes/:order_id/resolve/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Решить спор (один раз)',
        description:
          'decision: refund — вернуть всё (заказ refunded); partial_refund с amount в рублях — вернуть часть, остаток ' +
          'продавцу за вычетом комиссии с остатка (заказ completed); release — деньги продавцу (completed). comment ' +
          'обязателен: его получат обе стороны. Решённый спор — 400. Каждое решение пишется в журнал аудита.',
        params: z.object({
          order_id: z.coerce
            .number({ error: 'В адресе ожидается номер заказа — целое положительное число.' })
            .refine((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647, {
              error: 'В адресе ожидается номер заказа — целое положительное число.',
            }),
        }),
        body: disputeResolveSchema,
        security: sec,
        response: { 200: disputeSchema, 400: z.union([detailError, fieldErrors]), ...denied, 404: detailError },
      },
    },
    async (request) => resolveDispute(app, request.user!.id, request.params.order_id, request.body),
  );
}
