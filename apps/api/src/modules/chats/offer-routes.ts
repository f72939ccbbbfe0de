/**
 * HTTP routes of price offers in a conversation (every call with a token; only the side that may answer sees an
 * offer, anyone else gets 404): make, accept, decline, counter, and the caller's agreed prices.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import {
  agreedPricesSchema,
  OFFER_HOURS,
  OFFER_MIN_PERCENT,
  OFFERS_PER_LISTING,
  offerCounterSchema,
  offerCreateSchema,
  priceOfferSchema,
} from '@vitrina/contract/chats';
import { requireJsonBody } from '../../lib/json-body.js';
import { acceptOffer, agreedPrices, counterOffer, declineOffer, makeOffer } from './offers.js';
import { security, tags, writeErrors } from './route-schemas.js';

/** Registers the offer routes on the chats module's instance. */
export function offerRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  r.post(
    '/v1/chats/:id/offers/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Предложить цену (покупатель)',
        description:
          `{"price": рубли, "size"?: размер (можно не указывать, если в наличии один)}. Цена — ниже цены размера и ` +
          `не меньше ${OFFER_MIN_PERCENT} % от неё; не больше ${OFFERS_PER_LISTING} предложений покупателя по ` +
          `объявлению; одновременно одно ожидающее ответа — иначе 400 с названием правила. Ответ продавца ждёт ` +
          `${OFFER_HOURS} ч, потом предложение истекает; продажа вещи или снятие с продажи его отменяют.`,
        params: idPathParams,
        body: offerCreateSchema,
        security,
        response: { 201: priceOfferSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await makeOffer(app, request.user!.id, request.params.id, request.body)),
  );

  const answer = (path: string, summary: string, description: string, run: typeof acceptOffer) =>
    r.post(
      path,
      {
        ...auth,
        schema: {
          tags,
          summary,
          description,
          params: idPathParams,
          security,
          response: { 200: priceOfferSchema, ...writeErrors },
        },
      },
      async (request) => run(app, request.user!.id, request.params.id),
    );
  answer(
    '/v1/offers/:id/accept/',
    'Принять предложение цены',
    `Отвечает другая сторона: на предложение покупателя — продавец, на встречное — покупатель (автору — 404). ` +
      `Цена действует для этого покупателя и размера ${OFFER_HOURS} ч: корзина, оформление и POST /v1/sales/order/ ` +
      'берут её. Предложение уже не ждёт ответа, истекло или вещь продана — 400.',
    acceptOffer,
  );
  answer(
    '/v1/offers/:id/decline/',
    'Отклонить предложение цены',
    'Отвечает другая сторона (автору — 404).',
    declineOffer,
  );

  r.post(
    '/v1/offers/:id/counter/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Встречное предложение продавца',
        description:
          '{"price": рубли} — выше предложенной покупателем и ниже цены объявления (не меньше ' +
          `${OFFER_MIN_PERCENT} %). Предложение покупателя становится countered, встречное ждёт ответа покупателя ` +
          `${OFFER_HOURS} ч. Не продавец этого предложения — 404.`,
        params: idPathParams,
        body: offerCounterSchema,
        security,
        response: { 201: priceOfferSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await counterOffer(app, request.user!.id, request.params.id, request.body.price)),
  );

  r.get(
    '/v1/offers/agreed/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Мои принятые цены, которые ещё действуют',
        description: 'Для корзины и оформления: заказ этого размера по этой цене до valid_until.',
        security,
        response: { 200: agreedPricesSchema, 401: detailError },
      },
    },
    async (request) => agreedPrices(app, request.user!.id),
  );
}
