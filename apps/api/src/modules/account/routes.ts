/**
 * HTTP routes of the `account` module (152-ФЗ): `POST /v1/users/me/delete/send-code/` and
 * `POST /v1/users/me/delete/` `{code}`. Rules live in ./service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { accountDeleteBlockedSchema, accountDeletedSchema, deleteCodeSentSchema } from '@vitrina/contract/account';
import { clientKey } from '../../lib/client-address.js';
import { requireJsonBody } from '../../lib/json-body.js';
import { codeField } from '../auth/index.js';
import { deleteAccount, sendDeleteCode } from './service.js';

const security = [{ token: [] }];

export default async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/users/me/delete/send-code/',
    {
      schema: {
        tags: ['account'],
        summary: 'Удаление аккаунта: отправить код подтверждения по SMS',
        description:
          'Код приходит на номер аккаунта, живёт 5 минут, 5 попыток; общие лимиты SMS (не чаще раза в 60 с). ' +
          'Незавершённые заказы (ожидает оплаты, оплачен, отправлен, доставлен) — 409 со списком заказов, код не отправляется.',
        security,
        response: {
          200: deleteCodeSentSchema,
          400: z.union([detailError, fieldErrors]),
          401: detailError,
          404: detailError,
          409: accountDeleteBlockedSchema,
          429: detailError,
          503: detailError,
        },
      },
      preHandler: app.requireAuth,
    },
    async (request) => sendDeleteCode(app, request.user!.id, clientKey(request.ip)),
  );

  r.post(
    '/v1/users/me/delete/',
    {
      schema: {
        tags: ['account'],
        summary: 'Удалить аккаунт (152-ФЗ) по коду из SMS',
        description:
          'В одной транзакции: имя, телефон, фото, город, «о себе», пункты выдачи, карты, подписки в обе стороны, ' +
          'избранное и уведомления удаляются; товары снимаются с продажи; все токены отзываются (сокеты закрываются). ' +
          'Заказы остаются для учёта, человек в них — «Удалённый пользователь». Тот же номер потом может ' +
          'зарегистрироваться заново как новый пустой аккаунт. Незавершённые заказы — 409.',
        security,
        body: z.object(
          { code: codeField.describe('Код из SMS, пришедший на номер аккаунта') },
          { error: 'Отправьте JSON-объект {"code": "123456"} с заголовком Content-Type: application/json.' },
        ),
        response: {
          200: accountDeletedSchema,
          400: z.union([detailError, fieldErrors]),
          401: detailError,
          404: detailError,
          409: accountDeleteBlockedSchema,
          429: detailError,
        },
      },
      preValidation: requireJsonBody,
      preHandler: app.requireAuth,
    },
    async (request) => deleteAccount(app, request.user!.id, request.body.code, clientKey(request.ip)),
  );
}
