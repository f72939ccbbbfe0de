/**
 * HTTP routes of the `orders` module (spec §7 `/v1/sales/order/`, `/v1/sales/orders/`, `/v1/sales/orders/seller/`,
 * `/v1/sales/order-filters/`; ours: `/v1/sales/orders/{id}/` and its `ship`, `confirm`, `cancel` actions).
 */
import { publicOrigin } from '../../lib/public-origin.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_FILTERS,
  cancelOrderSchema,
  idPathParams,
  orderCreateSchema,
  orderConflictSchema,
  orderCreatedSchema,
  orderFilterSchema,
  orderSchema,
  shipSchema,
} from '@vitrina/contract/orders';
import { pageOf } from '@vitrina/contract/common';
import { parsePageQuery } from '../../lib/pagination.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { createOrder } from './create.js';
import { getOrderFor, listOrders, loadOrders } from './read.js';
import { cancelOrder, confirmOrder, sellerCancelOrder, shipOrder } from './transitions.js';
import { defineOrderJobs } from './expiry.js';
import { defineDeadlineJobs } from './deadlines.js';

const idParams = idPathParams;
const listQuery = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
  filter: z.string().max(40).optional(),
});

export default async function ordersRoutes(app: FastifyInstance) {
  defineOrderJobs(app);
  defineDeadlineJobs(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };
  const sec = [{ token: [] }];

  r.post(
    '/v1/sales/order/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags: ['orders'],
        summary: 'Оформить заказ (товары одного продавца) и начать оплату',
        description:
          'Резервирует товар на 15 минут; ответ содержит payment.confirmation_url — страницу оплаты. Если у ' +
          'покупателя уже есть неоплаченный заказ этих товаров — 409 с pending_order: оплатите его.',
        body: orderCreateSchema,
        security: sec,
        response: { 201: orderCreatedSchema, 409: orderConflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrder(app, request.user!.id, request.body, publicOrigin(app.config, request))),
  );

  r.get(
    '/v1/sales/order-filters/',
    { schema: { tags: ['orders'], summary: 'Фильтры заказов', response: { 200: z.array(orderFilterSchema) } } },
    async () => ORDER_FILTERS.map((f) => ({ value: f.value, label: f.label })),
  );

  r.get(
    '/v1/sales/orders/',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'Мои покупки',
        querystring: listQuery,
        security: sec,
        response: { 200: pageOf(orderSchema) },
      },
    },
    async (request) =>
      listOrders(app, request.url, parsePageQuery(request.query), request.user!.id, 'buyer', request.query.filter),
  );

  r.get(
    '/v1/sales/orders/seller/',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'Мои продажи',
        querystring: listQuery,
        security: sec,
        response: { 200: pageOf(orderSchema) },
      },
    },
    async (request) =>
      listOrders(app, request.url, parsePageQuery(request.query), request.user!.id, 'seller', request.query.filter),
  );

  r.get(
    '/v1/sales/orders/:id/',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'Заказ (покупателю или продавцу)',
        params: idParams,
        security: sec,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      await getOrderFor(app, request.user!.id, request.params.id);
      return (await loadOrders(app, [request.params.id], request.user!.id))[0];
    },
  );

  r.post(
    '/v1/sales/orders/:id/ship/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags: ['orders'],
        summary: 'Продавец: заказ отправлен',
        params: idParams,
        body: shipSchema,
        security: sec,
        response: { 200: orderSchema },
      },
    },
    async (request) => shipOrder(app, request.user!.id, request.params.id, request.body.tracking_number),
  );

  r.post(
    '/v1/sales/orders/:id/confirm/',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'Покупатель: заказ получен',
        params: idParams,
        security: sec,
        response: { 200: orderSchema },
      },
    },
    async (request) => confirmOrder(app, request.user!.id, request.params.id),
  );

  r.post(
    '/v1/sales/orders/:id/cancel/',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'Отменить заказ: покупатель — неоплаченный, продавец — оплаченный до отправки (с причиной)',
        description:
          'Покупатель отменяет заказ, ожидающий оплаты (тело не нужно). Продавец отменяет оплаченный, ещё не ' +
          'отправленный заказ, указав {"reason": "Нет в наличии"}: деньги возвращаются покупателю полностью, товар ' +
          'снова в продаже, отмена учитывается в уровне сервиса продавца.',
        params: idParams,
        body: cancelOrderSchema,
        security: sec,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const o = await getOrderFor(app, request.user!.id, request.params.id);
      return o.sellerId === request.user!.id
        ? sellerCancelOrder(app, request.user!.id, request.params.id, request.body?.reason)
        : cancelOrder(app, request.user!.id, request.params.id);
    },
  );
}
