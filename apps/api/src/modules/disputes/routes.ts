/**
 * HTTP routes of the `disputes` module: the sides' `GET|POST /v1/sales/orders/{id}/claim/`, `…/claim/reply/`,
 * `…/claim/accept-offer/`, `…/claim/reject-offer/` (with a token), and staff's `GET /v1/admin/disputes/` and
 * `POST /v1/admin/disputes/{order_id}/resolve/` behind the staff guard (admin-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParams } from '@vitrina/contract/orders';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { CLAIM_MESSAGES, CLAIM_PHOTOS_MAX, orderClaimSchema } from '@vitrina/contract/disputes';
import { readPhotoForm } from '../media/index.js';
import { answerOffer, openClaim, orderClaim, replyToClaim } from './service.js';

const tags = ['Споры'];
const sec = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 404: detailError };
/** Claim and reply forms: multipart text fields and up to 5 `photos`, stored privately under `d/…` (decision 0150). */
const photoRules = { field: 'photos', max: CLAIM_PHOTOS_MAX, tooMany: CLAIM_MESSAGES.photos, prefix: 'd' };

export default async function claimRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  r.get(
    '/v1/sales/orders/:id/claim/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Спор по заказу: претензия, ответ продавца, решение; можно ли открыть',
        params: idPathParams,
        security: sec,
        response: { 200: orderClaimSchema, 401: detailError, 404: detailError },
      },
    },
    async (request) => orderClaim(app, request.user!.id, request.params.id),
  );

  r.post(
    '/v1/sales/orders/:id/claim/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Покупатель: сообщить о проблеме (открыть спор)',
        description:
          'multipart: reason ∈ not_received, not_as_described, counterfeit, damaged, other; text — до 2000 символов; ' +
          'до 5 файлов photos. Можно с отправки заказа и до 48 часов после доставки; заказ становится disputed, сроки ' +
          'останавливаются, выплата продавцу замораживается. 400 — вне срока, второй спор или неверная причина; ' +
          '404 — не ваш заказ.',
        params: idPathParams,
        security: sec,
        consumes: ['multipart/form-data'],
        response: { 201: orderClaimSchema, ...errors, 413: fieldErrors, 415: detailError },
      },
    },
    async (request, reply) => {
      // The caller's right first: a stranger's photos are never stored.
      await orderClaim(app, request.user!.id, request.params.id);
      const upload = await readPhotoForm(request, app.privateStorage, photoRules);
      return reply.status(201).send(await openClaim(app, request.user!.id, request.params.id, upload));
    },
  );

  r.post(
    '/v1/sales/orders/:id/claim/reply/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Продавец: ответить на претензию (в течение 3 дней)',
        description:
          'multipart: action ∈ accept (вернуть деньги полностью), offer_partial (с amount — суммой в рублях), contest ' +
          '(спор решит Витрина); text; до 5 файлов photos. Без ответа за 3 дня спор переходит к Витрине.',
        params: idPathParams,
        security: sec,
        consumes: ['multipart/form-data'],
        response: { 200: orderClaimSchema, ...errors, 413: fieldErrors, 415: detailError },
      },
    },
    async (request) => {
      await orderClaim(app, request.user!.id, request.params.id);
      const upload = await readPhotoForm(request, app.privateStorage, photoRules);
      return replyToClaim(app, request.user!.id, request.params.id, upload);
    },
  );

  for (const [path, accept, summary] of [
    ['accept-offer', true, 'Покупатель: принять частичный возврат (остаток уходит продавцу)'],
    ['reject-offer', false, 'Покупатель: отклонить частичный возврат (спор решит Витрина)'],
  ] as const) {
    r.post(
      `/v1/sales/orders/:id/claim/${path}/`,
      {
        ...auth,
        schema: { tags, summary, params: idPathParams, security: sec, response: { 200: orderClaimSchema, ...errors } },
      },
      async (request) => answerOffer(app, request.user!.id, request.params.id, accept),
    );
  }
}
