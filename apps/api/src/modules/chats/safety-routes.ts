/**
 * HTTP routes of the messenger's safety (every call with a token): reporting a conversation, blocking and
 * unblocking a user, the caller's blocked list.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParams } from '@vitrina/contract/orders';
import {
  blockedPageSchema,
  blockedUserSchema,
  chatReportCreateSchema,
  chatReportSchema,
} from '@vitrina/contract/chats';
import { requireJsonBody } from '../../lib/json-body.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { blockedPage, blockUser, reportChat, unblockUser } from './safety.js';
import { errors, pageQs, security, tags } from './route-schemas.js';

/** Registers the report and block routes on the chats module's instance. */
export function safetyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  r.post(
    '/v1/chats/:id/report/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Пожаловаться на диалог',
        description:
          '{"reason": "spam" | "fraud" | "offensive" | "off_platform" | "other", "text"}; жалобу разбирает поддержка.',
        params: idPathParams,
        body: chatReportCreateSchema,
        security,
        response: { 201: chatReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportChat(app, request.user!.id, request.params.id, request.body)),
  );

  r.post(
    '/v1/users/:id/block/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Заблокировать пользователя: он не сможет вам писать',
        description: 'Повтор ничего не меняет. Себя — 400, нет такого пользователя — 404.',
        params: idPathParams,
        security,
        response: { 200: blockedUserSchema, ...errors },
      },
    },
    async (request) => blockUser(app, request.user!.id, request.params.id),
  );

  r.post(
    '/v1/users/:id/unblock/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Разблокировать пользователя',
        params: idPathParams,
        security,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => unblockUser(app, request.user!.id, request.params.id),
  );

  r.get(
    '/v1/users/blocked/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Заблокированные мной (страницы DRF)',
        querystring: pageQs,
        security,
        response: { 200: blockedPageSchema, ...errors },
      },
    },
    async (request) => blockedPage(app, request.user!.id, parsePageQuery(request.query), request.url),
  );
}
