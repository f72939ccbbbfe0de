/**
 * HTTP routes of the `social` module (spec §7): `POST /v1/social/subscribe/{id}/`,
 * `POST /v1/social/unsubscribe/{id}/`, `GET /v1/social/subscribers/`, `GET /v1/social/subscribes/`, and
 * ours `GET /v1/social/is-subscribed/{id}/` for the seller page button. All need a token.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCardSchema } from '@vitrina/contract/products';
import { detailError, fieldErrors, pageOf } from '@vitrina/contract/common';
import { parsePageQuery } from '../../lib/pagination.js';
import { isSubscribed, subscribe, unsubscribe, userPage } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 404: detailError };
const pageQs = z.object({ page: z.string().optional(), page_size: z.string().optional() });
const state = z.object({ success: z.boolean(), subscribed: z.boolean() });

export default async function socialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireAuth };

  r.post(
    '/v1/social/subscribe/:id/',
    {
      ...auth,
      schema: {
        tags: ['social'],
        summary: 'Подписаться на продавца',
        security,
        params: idParams,
        response: { 200: state, ...errors },
      },
    },
    async (request) => {
      await subscribe(app, request.user!.id, request.params.id);
      return { success: true, subscribed: true };
    },
  );

  r.post(
    '/v1/social/unsubscribe/:id/',
    {
      ...auth,
      schema: {
        tags: ['social'],
        summary: 'Отписаться от продавца',
        security,
        params: idParams,
        response: { 200: state, ...errors },
      },
    },
    async (request) => {
      await unsubscribe(app.db, request.user!.id, request.params.id);
      return { success: true, subscribed: false };
    },
  );

  r.get(
    '/v1/social/is-subscribed/:id/',
    {
      ...auth,
      schema: {
        tags: ['social'],
        summary: 'Подписан ли я на пользователя',
        security,
        params: idParams,
        response: { 200: z.object({ subscribed: z.boolean() }), ...errors },
      },
    },
    async (request) => ({ subscribed: await isSubscribed(app.db, request.user!.id, request.params.id) }),
  );

  r.get(
    '/v1/social/subscribers/',
    {
      ...auth,
      schema: {
        tags: ['social'],
        summary: 'Мои подписчики (страницы по 12)',
        security,
        querystring: pageQs,
        response: { 200: pageOf(userCardSchema), ...errors },
      },
    },
    async (request) =>
      userPage(app.db, request.user!.id, 'subscribers', parsePageQuery(request.query, 12), request.url),
  );

  r.get(
    '/v1/social/subscribes/',
    {
      ...auth,
      schema: {
        tags: ['social'],
        summary: 'Мои подписки (страницы по 12)',
        security,
        querystring: pageQs,
        response: { 200: pageOf(userCardSchema), ...errors },
      },
    },
    async (request) => userPage(app.db, request.user!.id, 'subscribes', parsePageQuery(request.query, 12), request.url),
  );
}
