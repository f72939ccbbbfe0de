/**
 * HTTP routes of the `auth` module (spec §7): `POST /v1/auth/send-code/`, `POST /v1/auth/verify-code/`,
 * ours: `POST /v1/auth/logout/`, the devices list `GET /v1/auth/sessions/`, `DELETE /v1/auth/sessions/{id}/`
 * and `POST /v1/auth/logout-all/`. Rules live in ./service.ts (codes) and ./tokens.ts (devices).
 */
import { publicOrigin } from '../../lib/public-origin.js';
import { clientKey } from '../../lib/client-address.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireJsonBody } from '../../lib/json-body.js';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import {
  codeRefusedSchema,
  codeSentSchema,
  loggedOutSchema,
  sessionListSchema,
  sessionsRevokedSchema,
  signedInSchema,
  SESSION_IDLE_DAYS,
} from '@vitrina/contract/auth';
import { sendCode, verifyCode } from './service.js';
import { defineTokenExpiry, listSessions, revokeSession, revokeToken, revokeUserTokens } from './tokens.js';
import { codeField } from './fields.js';

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Номер устройства — целое число.' })
    .int({ error: 'Номер устройства — целое число.' })
    .positive({ error: 'Номер устройства — целое число.' })
    .max(2_147_483_647, { error: 'Номер устройства — целое число.' }),
});
const security = [{ token: [] }];

const phoneField = z
  .union([z.string().max(40), z.number().int().nonnegative()], {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'Введите номер телефона.'
        : 'Номер телефона — строка, например «+7 999 123-45-67».',
  })
  .transform(String)
  .describe('Номер телефона в любом привычном виде: +7 999 123-45-67, 8 (999) 123-45-67, 9991234567');

/** The body must be a JSON object; `what` names its fields for the message. */
const jsonObject = <T extends z.core.$ZodLooseShape>(shape: T, what: string) =>
  z.object(shape, { error: `Отправьте JSON-объект ${what} с заголовком Content-Type: application/json.` });

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  defineTokenExpiry(app);

  r.post(
    '/v1/auth/send-code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Отправить код входа по SMS',
        description:
          'Повторная отправка на тот же номер — не раньше чем через 60 с (429 с Retry-After); есть лимит на адрес.',
        body: jsonObject({ phone: phoneField }, '{"phone": "+7 999 123-45-67"}'),
        response: { 200: codeSentSchema },
      },
      preValidation: requireJsonBody,
    },
    async (request) => {
      const origin = publicOrigin(app.config, request);
      const res = await sendCode(app, { phone: request.body.phone, ip: clientKey(request.ip), origin });
      return { success: true as const, retry_after: res.retryAfter, code_length: app.config.sms.codeLength };
    },
  );

  r.post(
    '/v1/auth/verify-code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Проверить код и получить токен',
        description:
          'Первый успешный вход создаёт пользователя. После 5 неверных попыток код перестаёт действовать; на номер — не больше SMS_WRONG_TRIES_PER_HOUR (36) неверных попыток за час (дальше номер закрыт до конца часа), с одного адреса (для IPv6 — сети /64) на номер — не больше SMS_WRONG_TRIES_PER_SENDER (7) за сутки, с одного адреса на все номера — SMS_WRONG_TRIES_PER_IP (100) за сутки (429 с Retry-After).',
        body: jsonObject({ phone: phoneField, code: codeField }, '{"phone": "+7 999 123-45-67", "code": "123456"}'),
        response: { 200: signedInSchema, 400: z.union([codeRefusedSchema, detailError, fieldErrors]) },
      },
      preValidation: requireJsonBody,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const res = await verifyCode(app, {
        phone: request.body.phone,
        code: request.body.code,
        ip: clientKey(request.ip),
        userAgent: request.headers['user-agent'],
      });
      if (!res.ok) return reply.status(400).send({ success: false as const, detail: res.detail });
      return { success: true as const, token: res.token };
    },
  );

  r.post(
    '/v1/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Выйти: отозвать текущий токен',
        security: [{ token: [] }],
        response: { 200: loggedOutSchema, 401: detailError },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      await revokeToken(app, request.authTokenId!);
      return { success: true as const };
    },
  );

  r.get(
    '/v1/auth/sessions/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Мои устройства: где выполнен вход',
        description: `Один элемент — один токен: когда выполнен вход, когда использован последний раз (с точностью до часа), браузер и система, current — это устройство. Токен, не использованный ${SESSION_IDLE_DAYS} дней, перестаёт действовать.`,
        security,
        response: { 200: sessionListSchema, 401: detailError },
      },
      preHandler: app.requireAuth,
    },
    async (request) => listSessions(app, request.user!.id, request.authTokenId),
  );

  r.delete(
    '/v1/auth/sessions/:id/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Выйти на устройстве',
        description: 'Отзывает токен устройства и закрывает его сокеты уведомлений. Чужое устройство — 404.',
        security,
        params: idParams,
        response: {
          200: sessionsRevokedSchema,
          400: z.union([detailError, fieldErrors]),
          401: detailError,
          404: detailError,
        },
      },
      preHandler: app.requireAuth,
    },
    async (request) => revokeSession(app, request.user!.id, request.params.id),
  );

  r.post(
    '/v1/auth/logout-all/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Выйти везде: отозвать все мои токены, включая текущий',
        security,
        response: { 200: sessionsRevokedSchema, 401: detailError },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      const gone = await revokeUserTokens(app, { userId: request.user!.id });
      return { success: true as const, revoked: gone.length };
    },
  );
}
