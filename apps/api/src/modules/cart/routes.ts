/**
 * HTTP routes of the `cart` module (ours, contract `@vitrina/contract/cart`), all with a token and each answering
 * the caller's whole cart: `GET /v1/cart/`, `PUT /v1/cart/` (replace with the device's cart), `POST /v1/cart/merge/`
 * (join the device's guest cart at sign-in). The cart loses what an order paid for (`order.paid`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartAnswerSchema, cartBodySchema } from '@vitrina/contract/cart';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { mergeCart, readCart, removePaidLines, replaceCart } from './service.js';

const security = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError };
const tags = ['cart'];

export default async function cartRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireAuth };

  app.events.subscribe('order.paid', 'cart.remove-paid', async ({ tx, event }) => {
    await removePaidLines(tx, event.payload.orderId);
  });

  r.get(
    '/v1/cart/',
    { ...auth, schema: { tags, summary: 'Моя корзина', security, response: { 200: cartAnswerSchema, ...errors } } },
    async (request) => ({ items: await readCart(app.db, request.user!.id, app.clock.now()) }),
  );

  r.put(
    '/v1/cart/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Заменить корзину корзиной этого устройства',
        security,
        body: cartBodySchema,
        response: { 200: cartAnswerSchema, ...errors },
      },
    },
    async (request) => ({ items: await replaceCart(app.db, request.user!.id, request.body, app.clock.now()) }),
  );

  r.post(
    '/v1/cart/merge/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Добавить к корзине аккаунта корзину, собранную до входа',
        security,
        body: cartBodySchema,
        response: { 200: cartAnswerSchema, ...errors },
      },
    },
    async (request) => ({ items: await mergeCart(app.db, request.user!.id, request.body, app.clock.now()) }),
  );
}
