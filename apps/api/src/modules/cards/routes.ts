/**
 * HTTP routes of the `cards` module (spec §7): `POST /v1/user/card-form/` (ours: the state of a card form this
 * session opens), `POST /v1/user/add-card/` (multipart `card_token`, optional `name`; ours: `card_state`),
 * `GET /v1/self/cards/`, `GET|PUT /v1/self/card/{id}/`, `DELETE /v1/self/card/remove/{id}/`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardFormStateSchema, cardSchema, idPathParams } from '@vitrina/contract/orders';
import { readFormFields } from '../../lib/form.js';
import { addCard, getOwnCard, listCards, removeCard, serializeCard, updateCard } from './service.js';
import { newCardState } from './card-state.js';

const idParams = idPathParams;

export default async function cardsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };
  const sec = [{ token: [] }];

  r.post(
    '/v1/user/card-form/',
    {
      ...auth,
      schema: {
        tags: ['cards'],
        summary: 'Открыть форму карты: состояние, которое форма банка вернёт вместе с токеном',
        description:
          'Добавьте card_state к адресу возврата формы карты (card_form_url) и отправьте его в add-card вместе с card_token. Действует 30 минут, один раз, только в этом сеансе.',
        security: sec,
        response: { 201: cardFormStateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await newCardState(app, { userId: request.user!.id, sessionId: request.authTokenId })),
  );

  r.post(
    '/v1/user/add-card/',
    {
      ...auth,
      schema: {
        tags: ['cards'],
        summary: 'Сохранить карту по токену платёжного шлюза',
        description:
          'multipart/form-data: card_token (из формы карты шлюза), card_state (из /v1/user/card-form/ этого сеанса), name (необязательно)',
        security: sec,
        response: { 201: cardSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addCard(
            app,
            { userId: request.user!.id, sessionId: request.authTokenId },
            await readFormFields(request),
          ),
        ),
  );

  r.get(
    '/v1/self/cards/',
    {
      ...auth,
      schema: { tags: ['cards'], summary: 'Мои карты', security: sec, response: { 200: z.array(cardSchema) } },
    },
    async (request) => listCards(app.db, request.user!.id),
  );

  r.get(
    '/v1/self/card/:id/',
    {
      ...auth,
      schema: {
        tags: ['cards'],
        summary: 'Одна карта',
        params: idParams,
        security: sec,
        response: { 200: cardSchema },
      },
    },
    async (request) => serializeCard(await getOwnCard(app.db, request.user!.id, request.params.id)),
  );

  r.put(
    '/v1/self/card/:id/',
    {
      ...auth,
      schema: {
        tags: ['cards'],
        summary: 'Изменить карту (название, основная)',
        description: 'JSON или multipart: name, is_default',
        params: idParams,
        security: sec,
        response: { 200: cardSchema },
      },
    },
    async (request) => updateCard(app, request.user!.id, request.params.id, await readFormFields(request)),
  );

  r.delete(
    '/v1/self/card/remove/:id/',
    {
      ...auth,
      schema: {
        tags: ['cards'],
        summary: 'Удалить карту',
        params: idParams,
        security: sec,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeCard(app.db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
