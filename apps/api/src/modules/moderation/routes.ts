/**
 * The shop's report calls (signed in): `POST /v1/products/{id}/report/` and `POST /v1/users/{id}/report/` with
 * `{"reason", "text"}` → 201 with the new report, 200 with the reporter's open report on the same object; a bad
 * reason → 400 naming `reason`; an unknown object → 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_REASONS, reportBodySchema, reportSchema, type ReportObjectType } from '@vitrina/contract/admin';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import { fileReport } from './reports.js';

const security = [{ token: [] }];
const DESCRIPTION =
  `reason: ${REPORT_REASONS.join(' | ')}; text — подробности (до 2000 символов). Одна открытая жалоба от человека ` +
  'на объект: повтор отвечает 200 с уже поданной, новая — 201.';

export default async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = (path: string, type: ReportObjectType, summary: string) =>
    r.post(
      path,
      {
        onRequest: app.requireAuth,
        preValidation: requireJsonBody,
        schema: {
          tags: ['reports'],
          summary,
          description: DESCRIPTION,
          params: idPathParams,
          body: reportBodySchema,
          security,
          response: {
            200: reportSchema,
            201: reportSchema,
            400: z.union([detailError, fieldErrors]),
            401: detailError,
            404: detailError,
          },
        },
      },
      async (request, reply) => {
        const { report, created } = await fileReport(app, request.user!.id, type, request.params.id, request.body);
        return reply.status(created ? 201 : 200).send(report);
      },
    );
  route('/v1/products/:id/report/', 'product', 'Пожаловаться на объявление');
  route('/v1/users/:id/report/', 'user', 'Пожаловаться на пользователя');
}
