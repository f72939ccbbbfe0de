/**
 * HTTP routes of the `auth` module (spec §7): `POST /v1/auth/send-code/`, `POST /v1/auth/verify-code/`,
 * ours: `POST /v1/auth/logout/`. Rules live in ./service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireJsonBody } from '../../lib/json-body.js';
import { revokeToken, sendCode, verifyCode } from './service.js';

const phoneField = z
  .union([z.string().max(40), z.number().int().nonnegative()], {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'Введите номер телефона.'
        : 'Номер телефона — строка, например «+7 999 123-45-67».',
  })
  .transform(String)
  .describe('Номер телефона в любом привычном виде: +7 999 123-45-67, 8 (999) 123-45-67, 9991234567');

const codeField = z
  .union([z.string().max(20), z.number().int().nonnegative()], {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'Введите код из SMS.'
        : 'Код из SMS — строка из цифр, например «123456».',
  })
  .transform(String)
  .describe('Код из SMS');

/** The body must be a JSON object; `what` names its fields for the message. */
const jsonObject = <T extends z.core.$ZodLooseShape>(shape: T, what: string) =>
  z.object(shape, { error: `Отправьте JSON-объект ${what} с заголовком Content-Type: application/json.` });

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/auth/send-code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Отправить код входа по SMS',
        description:
          'Повторная отправка на тот же номер — не раньше чем через 60 с (429 с Retry-After); есть лимит на адрес.',
        body: jsonObject({ phone: phoneField }, '{"phone": "+7 999 123-45-67"}'),
      },
      preValidation: requireJsonBody,
    },
    async (request) => {
      const res = await sendCode(app, { phone: request.body.phone, ip: request.ip });
      return { success: true, retry_after: res.retryAfter, code_length: app.config.sms.codeLength };
    },
  );

  r.post(
    '/v1/auth/verify-code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Проверить код и получить токен',
        description:
          'Первый успешный вход создаёт пользователя. После 5 неверных попыток код перестаёт действовать; на номер — не больше SMS_WRONG_TRIES_PER_DAY (100) неверных попыток за сутки (429 с Retry-After).',
        body: jsonObject({ phone: phoneField, code: codeField }, '{"phone": "+7 999 123-45-67", "code": "123456"}'),
      },
      preValidation: requireJsonBody,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const res = await verifyCode(app, {
        phone: request.body.phone,
        code: request.body.code,
        userAgent: request.headers['user-agent'],
      });
      if (!res.ok) return reply.status(400).send({ success: false, detail: res.detail });
      return { success: true, token: res.token };
    },
  );

  r.post(
    '/v1/auth/logout/',
    {
      schema: { tags: ['auth'], summary: 'Выйти: отозвать текущий токен', security: [{ token: [] }] },
      preHandler: app.requireAuth,
    },
    async (request) => {
      await revokeToken(app, request.authTokenId!);
      return { success: true };
    },
  );
}
