/**
 * Staff routes for accounts (`/v1/admin/users/…`, OpenAPI tag «Администрирование»): search, one account with its
 * orders, block and unblock. 401 without a token and 403 for anyone but staff from the `onRequest` guard, before
 * the query or body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  userBlockSchema,
  userBlockStateSchema,
  userUnblockSchema,
} from '@vitrina/contract/admin-users';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { ADMIN_TAG } from '../disputes/index.js';
import { blockUser, unblockUser } from './user-block.js';
import { userDetail, userPage } from './users-read.js';

const sec = [{ token: [] }];
const denied = { 401: detailError, 403: detailError };
const bad = z.union([detailError, fieldErrors]);

export default async function adminUserRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/users/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Пользователи: поиск по телефону или имени (страницы DRF, новые сверху)',
        description: 'q — цифры телефона (от трёх, любая часть; 8… читается как +7…) или начала слов имени и фамилии.',
        querystring: z.object({
          page: z.string().optional(),
          page_size: z.string().optional(),
          q: z.string().max(100, { error: 'Не больше 100 символов.' }).optional(),
        }),
        security: sec,
        response: { 200: adminUserPageSchema, 400: bad, ...denied, 404: detailError },
      },
    },
    async (request) => userPage(app.db, request.url, parsePageQuery(request.query, 20), (request.query.q ?? '').trim()),
  );

  r.get(
    '/v1/admin/users/:id/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Пользователь: объявления по статусам, открытые жалобы и последние заказы (обе стороны)',
        params: idPathParams,
        security: sec,
        response: { 200: adminUserDetailSchema, 400: bad, ...denied, 404: detailError },
      },
    },
    async (request) => userDetail(app.db, request.params.id),
  );

  const stateResponses = { 200: userBlockStateSchema, 400: bad, ...denied, 404: detailError, 409: detailError };
  r.post(
    '/v1/admin/users/:id/block/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Заблокировать пользователя',
        description:
          'reason обязателен: его называет отказ во входе. Все токены отзываются (сокеты закрываются на всех ' +
          'процессах), неоплаченные заказы отменяются, оплаченные и не отправленные продажи отменяются с возвратом ' +
          'денег покупателям, объявления в продаже скрываются. Его собственные оплаченные покупки идут своим ' +
          'ходом. Жалобы на него закрываются (upheld). Журнал аудита: user.block.',
        params: idPathParams,
        body: userBlockSchema,
        security: sec,
        response: stateResponses,
      },
    },
    async (request) => blockUser(app, request.user!.id, request.params.id, request.body.reason),
  );
  r.post(
    '/v1/admin/users/:id/unblock/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Разблокировать пользователя',
        description:
          'Вход снова возможен; объявления, скрытые блокировкой, возвращаются в прежний статус. reason — ' +
          'необязательный комментарий в журнал (user.unblock).',
        params: idPathParams,
        body: userUnblockSchema,
        security: sec,
        response: stateResponses,
      },
    },
    async (request) => unblockUser(app, request.user!.id, request.params.id, request.body.reason),
  );
}
