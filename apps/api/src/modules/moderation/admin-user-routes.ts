/**
 * Staff routes for accounts (`/v1/admin/users/…`, OpenAPI tag «Администрирование»): search, one account with its
 * orders, block and unblock. 401 without a token and 403 for anyone but staff from the `onRequest` guard, before
 * the query or body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductPageSchema,
  authenticityDeclineSchema,
  authenticityStateSchema,
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
import { ADMIN_PRODUCT_STATUSES, productPage } from './products-read.js';
import { decideAuthenticity } from './authenticity.js';
import { reportDismissSchema } from '@vitrina/contract/admin';

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

  r.get(
    '/v1/admin/products/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Объявления: поиск по названию или id, фильтр по статусу (страницы DRF)',
        description:
          'q — слова названия или id (#123). status — active, draft, reserved, sold, blocked или pending_review ' +
          '(очередь проверки подлинности: старые сверху, с фото для проверки).',
        querystring: z.object({
          page: z.string().optional(),
          page_size: z.string().optional(),
          q: z.string().max(100, { error: 'Не больше 100 символов.' }).optional(),
          status: z
            .enum(ADMIN_PRODUCT_STATUSES as [string, ...string[]], {
              error: `Допустимые значения: ${ADMIN_PRODUCT_STATUSES.join(', ')}.`,
            })
            .optional()
            .or(z.literal('').transform(() => undefined)),
        }),
        security: sec,
        response: { 200: adminProductPageSchema, 400: bad, ...denied, 404: detailError },
      },
    },
    async (request) =>
      productPage(
        app.db,
        app.privateMedia,
        request.url,
        parsePageQuery(request.query, 20),
        (request.query.q ?? '').trim(),
        request.query.status,
      ),
  );

  const checkResponses = { 200: authenticityStateSchema, 400: bad, ...denied, 404: detailError, 409: detailError };
  r.post(
    '/v1/admin/products/:id/authenticity/approve/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Подтвердить подлинность: объявление публикуется с отметкой «Проверено»',
        description:
          'Только для объявления в статусе pending_review (иначе 409). reason — необязательный комментарий в журнал ' +
          '(product.authenticity_approve). Продавец получает уведомление.',
        params: idPathParams,
        body: reportDismissSchema,
        security: sec,
        response: checkResponses,
      },
    },
    async (request) => decideAuthenticity(app, request.user!.id, request.params.id, 'approve', request.body.reason),
  );
  r.post(
    '/v1/admin/products/:id/authenticity/decline/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Отклонить проверку подлинности: объявление возвращается в черновики с причиной',
        description:
          'reason обязателен — его читает продавец. Только для pending_review (иначе 409). Журнал: ' +
          'product.authenticity_decline.',
        params: idPathParams,
        body: authenticityDeclineSchema,
        security: sec,
        response: checkResponses,
      },
    },
    async (request) => decideAuthenticity(app, request.user!.id, request.params.id, 'decline', request.body.reason),
  );
}
