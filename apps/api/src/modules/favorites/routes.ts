/**
 * HTTP routes of the `favorites` module (spec §3, §4, §7), all with a token: `GET /v1/favorites/`,
 * `POST /v1/favorites/{id}/add-to-favorites/`, `POST /v1/favorites/{id}/remove-favorite/` (each answers the
 * whole list), ours `GET /v1/favorites/ids/` and `GET /v1/favorites/{id}/count/` (the listing's seller only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { favoriteCountAnswerSchema, favoriteIdsAnswerSchema, favoritesAnswerSchema } from '@vitrina/contract/favorites';
import { subscribeFavoriteEvents } from './events.js';
import { addFavorite, favoriteCount, favoriteIds, favoriteList, removeFavorite } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 404: detailError };
const tags = ['favorites'];

export default async function favoritesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireAuth };
  subscribeFavoriteEvents(app);

  r.get(
    '/v1/favorites/',
    {
      ...auth,
      schema: { tags, summary: 'Моё избранное', security, response: { 200: favoritesAnswerSchema, ...errors } },
    },
    async (request) => ({ data: await favoriteList(app.db, request.user!.id) }),
  );

  r.get(
    '/v1/favorites/ids/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Номера товаров в моём избранном (для сердечек)',
        security,
        response: { 200: favoriteIdsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: await favoriteIds(app.db, request.user!.id) }),
  );

  // The two spec changes: the same shape, each answering the whole list.
  const changes = [
    ['add-to-favorites', 'Добавить товар в избранное', addFavorite],
    ['remove-favorite', 'Убрать товар из избранного', removeFavorite],
  ] as const;
  for (const [action, summary, change] of changes) {
    r.post(
      `/v1/favorites/:id/${action}/`,
      {
        ...auth,
        schema: { tags, summary, security, params: idParams, response: { 200: favoritesAnswerSchema, ...errors } },
      },
      async (request) => ({ data: await change(app, request.user!.id, request.params.id) }),
    );
  }

  r.get(
    '/v1/favorites/:id/count/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Сколько людей добавили мой товар в избранное',
        security,
        params: idParams,
        response: { 200: favoriteCountAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: { count: await favoriteCount(app.db, request.user!.id, request.params.id) } }),
  );
}
