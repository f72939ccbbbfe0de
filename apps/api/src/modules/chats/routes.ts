/**
 * HTTP routes of the `chats` module (every call with a token; only the two participants see a conversation, anyone
 * else gets 404): conversations, messages, read marks; price offers (`offer-routes.ts`), reports and blocking
 * (`safety-routes.ts`). The socket messages `new_message` and `messages_read` go through the notifications socket
 * (push loaders registered here).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import {
  CHATS_PAGE_SIZE,
  chatMessageSchema,
  chatOpenSchema,
  chatPageSchema,
  chatReadSchema,
  chatSchema,
  MESSAGE_PHOTOS_MAX,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_SIZE,
  messagePageSchema,
} from '@vitrina/contract/chats';
import { requireJsonBody } from '../../lib/json-body.js';
import { badRequest } from '../../lib/errors.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { refuseUserOverLimit } from '../../plugins/user-limits.js';
import { onUserPush } from '../notifications/index.js';
import { readPhotoForm } from '../media/index.js';
import { maskContacts } from './mask.js';
import { chatCard, chatPage } from './list.js';
import { offerRoutes } from './offer-routes.js';
import { chatFor, loadMessage, messagePage, readAt } from './read.js';
import { bad, errors, pageQs, security, tags, writeErrors } from './route-schemas.js';
import { safetyRoutes } from './safety-routes.js';
import { markChatRead, openByOrder, openByProduct, postMessage, PUSH_MESSAGE, PUSH_READ, textOf } from './service.js';

const beforeQs = z.object({ before: z.string().optional() });

const isId = (v: unknown) => Number.isInteger(v) && (v as number) > 0;

/** `?before=` as a message id. @throws ApiError 400 naming the field */
function beforeOf(q: { before?: string }): number | undefined {
  if (q.before === undefined || q.before === '') return undefined;
  const n = Number(q.before);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest({ before: ['Укажите id сообщения.'] });
  return n;
}

export default async function chatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  onUserPush(app, PUSH_MESSAGE, async (userId, p) => {
    if (!isId(p.c) || !isId(p.m)) return null;
    const chat = await chatFor(app.db, userId, Number(p.c)).catch(() => null);
    const message = chat && (await loadMessage(app.db, chat, Number(p.m), readAt(app)));
    return message ? { type: 'new_message', message } : null;
  });
  onUserPush(app, PUSH_READ, async (_userId, p) =>
    isId(p.c) && Number.isInteger(p.up) ? { type: 'messages_read', chat: Number(p.c), up_to: Number(p.up) } : null,
  );

  r.post(
    '/v1/chats/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Открыть диалог: с продавцом об объявлении или по заказу',
        description:
          '{"product": id} — диалог покупателя с продавцом об этом объявлении (один на покупателя и объявление): 201 — ' +
          'новый, 200 — уже был. О своём объявлении — 400, нет такого объявления — 404, продавец вас заблокировал — ' +
          '403, больше CHATS_PER_DAY новых диалогов в сутки — 429 с Retry-After. {"order": id} — диалог покупателя ' +
          'заказа о его вещи, для покупателя и продавца; чужой заказ — 404. События заказа (оплачен, отправлен с ' +
          'трек-номером, доставлен, завершён, отменён) появляются в нём системными сообщениями.',
        body: chatOpenSchema,
        security,
        response: { 200: chatSchema, 201: chatSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const body = request.body;
      const { chat, created } =
        'product' in body ? await openByProduct(app, userId, body.product) : await openByOrder(app, userId, body.order);
      return reply.status(created ? 201 : 200).send(await chatCard(app.db, userId, chat.id, readAt(app)));
    },
  );

  r.get(
    '/v1/chats/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Мои диалоги: сначала свежие, с числом непрочитанных',
        description:
          `Страницы DRF по ${CHATS_PAGE_SIZE}: id, product (объявление), interlocutor (собеседник; удалённый аккаунт — ` +
          '«Удалённый пользователь»), last_message, unread_count; unread_total — непрочитанные во всех диалогах.',
        querystring: pageQs,
        security,
        response: { 200: chatPageSchema, ...errors },
      },
    },
    async (request) =>
      chatPage(app.db, request.user!.id, parsePageQuery(request.query, CHATS_PAGE_SIZE), request.url, readAt(app)),
  );

  r.get(
    '/v1/chats/:id/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Один диалог',
        params: idPathParams,
        security,
        response: { 200: chatSchema, ...errors },
      },
    },
    async (request) => chatCard(app.db, request.user!.id, request.params.id, readAt(app)),
  );

  r.get(
    '/v1/chats/:id/messages/',
    {
      ...auth,
      schema: {
        tags,
        summary: `Сообщения диалога: по ${MESSAGES_PAGE_SIZE}, новые сначала`,
        description:
          '?before=<id сообщения> — более старые (next уже содержит его; null — начало переписки). author — id ' +
          'автора или null у системного сообщения; read — собеседник прочитал; offer — ценовое предложение в его ' +
          'текущем состоянии; erased — автор удалил аккаунт (текст и фото стёрты). Новые сообщения приходят в ' +
          'сокет /ws/notifications/ как {"type":"new_message","message":{…}} (тот же id — заменить: изменилось ' +
          'предложение), прочтение — {"type":"messages_read","chat":id,"up_to":id}.',
        params: idPathParams,
        querystring: beforeQs,
        security,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) => {
      const chat = await chatFor(app.db, request.user!.id, request.params.id);
      return messagePage(app.db, chat, beforeOf(request.query), request.url, readAt(app));
    },
  );

  r.post(
    '/v1/chats/:id/messages/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Написать сообщение (текст и/или фото)',
        description:
          `multipart/form-data: text — до ${MESSAGE_TEXT_MAX} символов, photos — до ${MESSAGE_PHOTOS_MAX} фото ` +
          '(JPEG, PNG, WebP, HEIC до 15 МБ; хранятся в WebP). Можно и JSON {"text"}. Телефоны, почта, ссылки и ' +
          'ники мессенджеров скрываются («[скрыто]»), после такого сообщения в переписке появляется напоминание ' +
          '«Общайтесь и платите на Витрине…»; цены, размеры и номера заказов остаются. Пустое или длинное — 400; ' +
          'собеседник удалил аккаунт — 400 «Собеседник удалил аккаунт»; он вас заблокировал — 403; больше ' +
          'CHAT_MESSAGES_PER_MINUTE сообщений в минуту — 429 с Retry-After.',
        params: idPathParams,
        security,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: chatMessageSchema, ...writeErrors, 413: bad, 415: detailError },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const chatId = request.params.id;
      await chatFor(app.db, userId, chatId);
      await refuseUserOverLimit(app, userId, 'chatMessages');
      let photos: { key: string; width: number; height: number }[] = [];
      let discard = async () => {};
      let fields: Record<string, string>;
      if (request.isMultipart()) {
        const form = await readPhotoForm(request, app.privateStorage, {
          field: 'photos',
          max: MESSAGE_PHOTOS_MAX,
          prefix: 'm',
          tooMany: `Не больше ${MESSAGE_PHOTOS_MAX} фото в одном сообщении.`,
          beforePhoto: (n) => refuseUserOverLimit(app, userId, 'photos', n + 1),
        });
        ({ fields, photos, discard } = form);
      } else {
        const body = (request.body ?? {}) as { text?: unknown };
        if (body.text !== undefined && typeof body.text !== 'string')
          throw badRequest({ text: ['Текст сообщения — строка.'] });
        fields = { text: (body.text as string | undefined) ?? '' };
      }
      const text = textOf(fields);
      try {
        const id = await postMessage(app, userId, chatId, { text, photos }, maskContacts(text));
        const chat = await chatFor(app.db, userId, chatId);
        return reply.status(201).send((await loadMessage(app.db, chat, id, readAt(app)))!);
      } catch (err) {
        await discard();
        throw err;
      }
    },
  );

  r.post(
    '/v1/chats/:id/read/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Отметить сообщения собеседника прочитанными',
        description: 'Автор получает в сокет {"type":"messages_read","chat":id,"up_to":id}.',
        params: idPathParams,
        security,
        response: { 200: chatReadSchema, ...errors },
      },
    },
    async (request) => markChatRead(app, request.user!.id, request.params.id),
  );

  offerRoutes(app);
  safetyRoutes(app);
}
