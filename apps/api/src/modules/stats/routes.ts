/**
 * HTTP routes of the `stats` module (spec §7):
 * - `POST /v1/public/products/{slug}/view/` `{visitor_id}` → 204 (a view counted by the browser; per-IP limit);
 * - `GET /v1/sales/weekly-statistics/`, `GET /v1/sales/statistics/?period=…`, `GET /v1/sales/statistics/export/?…`
 *   (CSV) and `GET /v1/sales/service-level/` — all with a token, of the caller's own listings only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isbot } from 'isbot';
import { eq } from 'drizzle-orm';
import {
  serviceLevelAnswerSchema,
  statisticsAnswerSchema,
  viewBodySchema,
  weeklyStatisticsAnswerSchema,
} from '@vitrina/contract/sales';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { products } from '../../db/schema/index.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { notFound } from '../../lib/errors.js';
import { statistics, statisticsAnswerJson, weeklyStatistics, withPoints } from './read.js';
import { serviceLevel } from './service-level.js';
import { csvFileName, statisticsCsv } from './csv.js';
import { recordView } from './record.js';
import { plainJson, sendJsonText } from '../../lib/plain-json.js';

/** Views one address may send a minute (a person opens far fewer product pages). */
export const VIEW_LIMIT_PER_MINUTE = 120;

const security = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError };
const periodQuery = z.object({
  period: z.string().optional(),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
});
/** Listing statuses whose page is public (a view of them counts). */
const VIEWABLE = new Set(['active', 'reserved', 'sold']);

export default async function statsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireAuth };

  r.post(
    '/v1/public/products/:slug/view/',
    {
      preValidation: requireJsonBody,
      config: { rateLimit: { max: VIEW_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['stats'],
        summary: 'Просмотр страницы товара (считает браузер)',
        params: z.object({ slug: z.string().min(1).max(300) }),
        body: viewBodySchema,
        response: { 204: z.null(), 400: z.union([detailError, fieldErrors]), 404: detailError },
      },
    },
    async (request, reply) => {
      const [p] = await app.db
        .select({ id: products.id, ownerId: products.ownerId, status: products.status })
        .from(products)
        .where(eq(products.slug, request.params.slug));
      if (!p || !VIEWABLE.has(p.status)) throw notFound('Товар не найден.');
      const ua = request.headers['user-agent'];
      // Bots, and the seller looking at their own listing, are not views.
      const counts = ua && !isbot(ua) && request.user?.id !== p.ownerId;
      if (counts) await recordView(app, p, request.body.visitor_id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/v1/sales/weekly-statistics/',
    {
      ...auth,
      schema: {
        tags: ['stats'],
        summary: 'Статистика продаж за 7 дней',
        security,
        response: { 200: weeklyStatisticsAnswerSchema, ...errors },
      },
      ...plainJson,
    },
    async (request) => ({ success: true as const, data: await weeklyStatistics(app, request.user!.id) }),
  );

  r.get(
    '/v1/sales/statistics/',
    {
      ...auth,
      schema: {
        tags: ['stats'],
        summary: 'Статистика продаж за период (день, неделя, месяц, год или свой)',
        security,
        querystring: periodQuery,
        response: { 200: statisticsAnswerSchema, ...errors },
      },
    },
    // Sent as the JSON text it is built as: the points written from PostgreSQL's flat figures (points.ts), the rest by
    // JSON.stringify of typed fields — up to 366 points are worth neither a zod pass nor a parse and a stringify.
    async (request, reply) =>
      sendJsonText(reply, statisticsAnswerJson(await statistics(app, request.user!.id, request.query))),
  );

  r.get(
    '/v1/sales/statistics/export/',
    {
      ...auth,
      schema: {
        tags: ['stats'],
        summary: 'Статистика за период в CSV для Excel',
        security,
        querystring: periodQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const s = await statistics(app, request.user!.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(s)}"`)
        .header('cache-control', 'private, no-store')
        .send(statisticsCsv(withPoints(s), app.config.publicUrl));
    },
  );

  r.get(
    '/v1/sales/service-level/',
    {
      ...auth,
      schema: {
        tags: ['stats'],
        summary: 'Уровень сервиса за 30 дней',
        security,
        response: { 200: serviceLevelAnswerSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await serviceLevel(app, request.user!.id) }),
  );
}
