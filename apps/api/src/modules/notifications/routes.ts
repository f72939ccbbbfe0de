/**
 * The `notifications` module: the socket `/ws/notifications/`, ours `GET /v1/notifications/`,
 * `POST /v1/notifications/{id}/read/`, `POST /v1/notifications/read-all/`, `GET`/`PUT
 * /v1/notifications/settings/` (only the owner: anyone else gets 404), the fan-out of new notifications and
 * sign-outs from every process (`app.pubsub`), the event subscribers that make notifications and the daily
 * retention job.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationPageSchema,
  notificationReadSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationsReadAllSchema,
} from '@vitrina/contract/notifications';
import { parsePageQuery } from '../../lib/pagination.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { SIGN_OUT_CHANNEL } from '../../plugins/auth.js';
import { NotificationHub } from './hub.js';
import { defineRetention } from './retention.js';
import {
  findNotification,
  markAllRead,
  markRead,
  NOTIFICATIONS_CHANNEL,
  notificationPage,
  PUSH_NOTIFICATIONS_READ,
  unreadCount,
} from './service.js';
import { readSettings, updateSettings } from './settings.js';
import { notificationsSocket, sendInitial } from './socket.js';
import { subscribeNotifications } from './subscribers.js';
import { onUserPush, pushLoaders, USER_PUSH_CHANNEL } from './push.js';
import { DEFAULT_WS_CONNECTS_PER_MINUTE } from '../../config.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ token: [] }];
const errors = { 400: z.union([detailError, fieldErrors]), 401: detailError, 404: detailError };
const pageQs = z.object({ page: z.string().optional(), page_size: z.string().optional() });

const SOCKET_DOC =
  'Те же уведомления в реальном времени: WebSocket /ws/notifications/?token=<ключ>. При подключении ' +
  '{"type":"initial_notifications","notifications":[…50 последних, новые сначала]}, затем ' +
  '{"type":"new_notification","notification":{…}} — новое или обновлённое (тот же id: заменить и поднять наверх). ' +
  'Пинг каждые 30 с; два пинга без ответа — закрытие 4408. Нет токена, неизвестный или отозванный — 4401 (и при ' +
  'выходе с этим токеном, на любом сервере). Больше 10 сокетов пользователя — старейший закрывается с 4429. ' +
  'Кадр больше 64 КБ — 1009. Сообщения клиента не читаются. Больше WS_CONNECTS_PER_MINUTE подключений с одного ' +
  `адреса в минуту (по умолчанию ${DEFAULT_WS_CONNECTS_PER_MINUTE}) — ответ 429 вместо соединения.`;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification sockets of this process (tests and metrics read it). */
    notificationHub: NotificationHub;
  }
}

async function notificationsModule(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireAuth };
  const hub = new NotificationHub();
  app.decorate('notificationHub', hub);

  /* ------------------------------------------------------------ fan-out */
  app.pubsub.on(NOTIFICATIONS_CHANNEL, async (payload) => {
    const { u, n } = (payload ?? {}) as { u?: unknown; n?: unknown };
    if (!isId(u) || !isId(n) || !hub.has(u)) return;
    const found = await findNotification(app.db, u, n);
    if (found) hub.deliver(u, found);
  });
  // The generic push (push.ts): the process holding the user's sockets loads the message and sends it.
  app.pubsub.on(USER_PUSH_CHANNEL, async (payload) => {
    const { u, k, p } = (payload ?? {}) as { u?: unknown; k?: unknown; p?: unknown };
    if (!isId(u) || typeof k !== 'string' || !hub.has(u)) return;
    const load = pushLoaders(app).get(k);
    if (!load) return;
    const message = await load(u, (p ?? {}) as Record<string, unknown>);
    if (message) hub.push(u, message);
  });
  onUserPush(app, PUSH_NOTIFICATIONS_READ, async (userId, p) => {
    const ids = Array.isArray(p.ids) ? p.ids.filter(isId) : [];
    return ids.length ? { type: 'notifications_read', ids, unread_count: await unreadCount(app.db, userId) } : null;
  });
  app.pubsub.on(SIGN_OUT_CHANNEL, (payload) => {
    const { t } = (payload ?? {}) as { t?: unknown };
    if (isId(t)) hub.closeToken(t);
  });
  // Messages sent while this process wasn't listening are lost: every socket here gets its list again.
  app.pubsub.onResync(() => {
    for (const c of hub.all()) {
      if (c.held) continue;
      c.held = [];
      sendInitial(app, c).catch((err: unknown) => app.log.warn({ err }, 'notifications: resync failed'));
    }
  });
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.stop());

  subscribeNotifications(app);
  defineRetention(app);

  /* ------------------------------------------------------------ socket */
  // @fastify/websocket hides socket routes from the OpenAPI: `GET /v1/notifications/` describes the socket.
  // Connects per client address are limited like any other call (the shared store: every process counts together);
  // over the limit the upgrade is answered 429 and the client backs off.
  const connects = app.config.wsConnectsPerMinute ?? DEFAULT_WS_CONNECTS_PER_MINUTE;
  app.get(
    '/ws/notifications/',
    { websocket: true, config: { rateLimit: { max: connects, timeWindow: 60_000 } } },
    notificationsSocket(app, hub),
  );

  /* ------------------------------------------------------------ REST */
  r.get(
    '/v1/notifications/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Мои уведомления (страницы по 20, новые сначала) и число непрочитанных',
        description: SOCKET_DOC,
        security,
        querystring: pageQs,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) =>
      notificationPage(app.db, request.user!.id, parsePageQuery(request.query, NOTIFICATIONS_PAGE_SIZE), request.url),
  );

  r.post(
    '/v1/notifications/read-all/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Прочитать все уведомления',
        security,
        response: { 200: notificationsReadAllSchema, ...errors },
      },
    },
    async (request) => markAllRead(app.db, request.user!.id),
  );

  r.post(
    '/v1/notifications/:id/read/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Отметить уведомление прочитанным',
        security,
        params: idParams,
        response: { 200: notificationReadSchema, ...errors },
      },
    },
    async (request) => markRead(app.db, request.user!.id, request.params.id),
  );

  r.get(
    '/v1/notifications/settings/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Настройки уведомлений: какие типы на сайте и по SMS',
        security,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => readSettings(app.db, request.user!.id),
  );

  r.put(
    '/v1/notifications/settings/',
    {
      ...auth,
      preValidation: requireJsonBody,
      schema: {
        tags: ['notifications'],
        summary: 'Изменить настройки уведомлений',
        description:
          'Тело: {"settings": [{"type": "new_listing", "site": false}, {"type": "order_paid", "sms": false}]}. ' +
          'Неназванные типы не меняются; sms у типов без SMS не учитывается. Ответ — все настройки.',
        security,
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(app.db, request.user!.id, request.body, app.clock.now()),
  );
}

/** Not encapsulated: `app.notificationHub` is visible app-wide (tests, metrics). */
export default fp(notificationsModule, { name: 'notifications', dependencies: ['pubsub', 'jobs'] });
