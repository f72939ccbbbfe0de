/**
 * HTTP routes of the `reviews` module: `POST`/`PATCH /v1/sales/orders/{id}/review/`,
 * `GET /v1/sales/orders/{id}/reviews/`, `POST /v1/reviews/{id}/answer/` (with a token) and the public
 * `GET /v1/public/sellers/{id}/reviews/`.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParams } from '@vitrina/contract/orders';
import { fieldErrors, detailError } from '@vitrina/contract/common';
import {
  REVIEWS_PAGE_SIZE,
  orderReviewsSchema,
  reviewAnswerCreateSchema,
  reviewCreateSchema,
  reviewEditSchema,
  reviewPageSchema,
  reviewSchema,
} from '@vitrina/contract/reviews';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { publicAnswer } from '../../plugins/public-cache.js';
import { notFound } from '../../lib/errors.js';
import { preparedRows } from '../../db/client.js';
import { hasPublicPageSql } from '../social/index.js';
import { answerReview, createReview, editReview, orderReviews } from './service.js';
import { reviewPage } from './read.js';

const tags = ['Отзывы'];
const sec = [{ token: [] }];
const badRequest400 = z.union([detailError, fieldErrors]);
const errors = { 400: badRequest400, 401: detailError, 404: detailError };

export default async function reviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  r.post(
    '/v1/sales/orders/:id/review/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Оставить отзыв о другой стороне заказа',
        description:
          'После завершения заказа (completed) каждая сторона может один раз оценить другую в течение 14 дней; ' +
          'по заказу с возвратом (refunded) — только покупатель, отзыв помечается order_refunded. ' +
          '400 — заказ не завершён, срок прошёл или поля неверны; 404 — не ваш заказ; 409 — отзыв уже есть.',
        params: idPathParams,
        body: reviewCreateSchema,
        security: sec,
        response: { 201: reviewSchema, ...errors, 409: detailError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReview(app, request.user!.id, request.params.id, request.body)),
  );

  r.patch(
    '/v1/sales/orders/:id/review/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Изменить свой отзыв (в течение 24 часов)',
        description: 'Меняет оценку и/или текст; через 24 часа после публикации — 400.',
        params: idPathParams,
        body: reviewEditSchema,
        security: sec,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => editReview(app, request.user!.id, request.params.id, request.body),
  );

  r.get(
    '/v1/sales/orders/:id/reviews/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Отзывы по заказу: мой, другой стороны и что можно сделать',
        params: idPathParams,
        security: sec,
        response: { 200: orderReviewsSchema, 401: detailError, 404: detailError },
      },
    },
    async (request) => orderReviews(app, request.user!.id, request.params.id),
  );

  r.post(
    '/v1/reviews/:id/answer/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Ответить на отзыв о себе (один раз, публично)',
        description: '403 — отзыв не о вас; 404 — нет такого отзыва; 409 — ответ уже есть.',
        params: idPathParams,
        body: reviewAnswerCreateSchema,
        security: sec,
        response: { 200: reviewSchema, ...errors, 403: detailError, 409: detailError },
      },
    },
    async (request) => answerReview(app, request.user!.id, request.params.id, request.body.text),
  );

  r.get(
    '/v1/public/sellers/:id/reviews/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Отзывы о продавце, сначала новые (страницы DRF)',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.object({ page: z.string().optional(), page_size: z.string().optional() }),
        response: { 200: reviewPageSchema, 400: badRequest400, 404: detailError },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [shown] = await preparedRows<{ shown: boolean }>(
        app.db,
        sql`select ${hasPublicPageSql()} as shown from users u where u.id = ${sql.param(id)}::int`,
      );
      if (!shown?.shown) throw notFound('Продавец не найден.');
      return reviewPage(app.db, id, parsePageQuery(request.query, REVIEWS_PAGE_SIZE), request.url);
    },
  );
}
