/**
 * Staff routes of moderation (`/v1/admin/…`, OpenAPI tag «Администрирование»): the audit log, the reports queue, blocking listings. Every call answers
 * 401 without a token and 403 for anyone but staff from an `onRequest` guard — before the query or body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  productBlockSchema,
  productBlockStateSchema,
  productUnblockSchema,
  reportCasePageSchema,
  reportDismissSchema,
  reportDismissedSchema,
} from '@vitrina/contract/admin';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { badRequest } from '../../lib/errors.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { idPathParams } from '@vitrina/contract/orders';
import { ADMIN_TAG } from '../disputes/index.js';
import { auditPage } from './audit.js';
import { blockProduct, unblockProduct } from './block.js';
import { dismissCase, reportQueuePage } from './queue.js';

const sec = [{ token: [] }];
const denied = { 401: detailError, 403: detailError };
const filterText = z.string().max(100).optional();

export default async function moderationAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireStaff);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/admin/audit/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Журнал действий сотрудников (страницы DRF, новые сверху)',
        description:
          'Фильтры (точное совпадение): staff — id сотрудника, action (например dispute.resolve, report.dismiss, ' +
          'product.block), object_type (order, product, user, report), object_id.',
        querystring: z.object({
          page: z.string().optional(),
          page_size: z.string().optional(),
          staff: filterText,
          action: filterText,
          object_type: filterText,
          object_id: filterText,
        }),
        security: sec,
        response: { 200: auditPageSchema, 400: z.union([detailError, fieldErrors]), ...denied, 404: detailError },
      },
    },
    async (request) => {
      const q = request.query;
      const staffRaw = q.staff?.trim();
      let staff: number | undefined;
      if (staffRaw) {
        staff = Number(staffRaw);
        if (!/^\d{1,10}$/.test(staffRaw) || staff < 1 || staff > 2_147_483_647)
          throw badRequest({ staff: ['Укажите id сотрудника — целое положительное число.'] });
      }
      return auditPage(app.db, request.url, parsePageQuery(q), {
        staff,
        action: q.action?.trim() || undefined,
        objectType: q.object_type?.trim() || undefined,
        objectId: q.object_id?.trim() || undefined,
      });
    },
  );

  r.get(
    '/v1/admin/reports/',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Очередь жалоб (страницы DRF): объект, на который жалуются, и тексты открытых жалоб',
        description: 'Один элемент на объект (товар или пользователь); больше жалоб — выше, при равенстве — старше.',
        querystring: z.object({ page: z.string().optional(), page_size: z.string().optional() }),
        security: sec,
        response: { 200: reportCasePageSchema, 400: z.union([detailError, fieldErrors]), ...denied, 404: detailError },
      },
    },
    async (request) => reportQueuePage(app.db, request.url, parsePageQuery(request.query)),
  );

  r.post(
    '/v1/admin/reports/:id/dismiss/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Отклонить жалобы на объект (без мер)',
        description:
          'id — элемент очереди. Закрывает все его открытые жалобы; reason (необязательно) — комментарий в журнал ' +
          'аудита (report.dismiss). Уже рассмотренный элемент — 409.',
        params: idPathParams,
        body: reportDismissSchema,
        security: sec,
        response: {
          200: reportDismissedSchema,
          400: z.union([detailError, fieldErrors]),
          ...denied,
          404: detailError,
          409: detailError,
        },
      },
    },
    async (request) => dismissCase(app, request.user!.id, request.params.id, request.body.reason),
  );

  const blockResponses = {
    200: productBlockStateSchema,
    400: z.union([detailError, fieldErrors]),
    ...denied,
    404: detailError,
    409: detailError,
  };
  r.post(
    '/v1/admin/products/:id/block/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Заблокировать объявление',
        description:
          'reason обязателен: его видит владелец («Заблокировано»). Объявление отвечает 404 всем, кроме владельца, и ' +
          'уходит из списков, поиска и счётчиков на всех процессах сразу. Жалобы на него закрываются (upheld). ' +
          'Забронированный или проданный товар — 409. Журнал аудита: product.block.',
        params: idPathParams,
        body: productBlockSchema,
        security: sec,
        response: blockResponses,
      },
    },
    async (request) => blockProduct(app, request.user!.id, request.params.id, request.body.reason),
  );
  r.post(
    '/v1/admin/products/:id/unblock/',
    {
      preValidation: requireJsonBody,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Разблокировать объявление',
        description:
          'Возвращает статус, который был до блокировки. reason — необязательный комментарий в журнал (product.unblock).',
        params: idPathParams,
        body: productUnblockSchema,
        security: sec,
        response: blockResponses,
      },
    },
    async (request) => unblockProduct(app, request.user!.id, request.params.id, request.body.reason),
  );
}
