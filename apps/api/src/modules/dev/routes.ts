/**
 * HTTP routes of the `dev` module — development only (routes.ts does not register it in production):
 * `GET /v1/dev/sms-outbox/?phone=` — messages of the `console` SMS provider to that one number, newest first
 * (the phone is required: the outbox never lists everyone's codes);
 * `POST /v1/dev/clock/` `{"advance_seconds": N}` — moves the server's clock forward, runs every job that came due
 * and answers `{"now": "<ISO time>"}` (architecture §6);
 * `POST /v1/dev/carrier/deliver/{order_id}/` — the development carrier reports a shipped order delivered now
 * (providers/carriers; docs/architecture.md «Order deadlines»).
 * Every route here answers only requests whose socket comes from this machine (loopback): the outbox shows anyone's
 * sign-in codes and the clock moves every deadline, so another machine gets the ordinary 404 — by the socket's
 * address, never `X-Forwarded-For`, which anyone can write.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { orders, smsOutbox } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { normalizePhone } from '../../lib/phone.js';
import { OffsetClock, isAdjustable } from '../../lib/clock.js';
import { addClockOffset } from '../../lib/installation-settings.js';
import { orderSchema } from '@vitrina/contract/orders';
import { CONFIRM_WITHIN_MS, reportDelivery } from '../orders/index.js';
import { isLoopback } from '../../lib/client-address.js';

export default async function devRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) throw notFound();
  });

  r.get(
    '/v1/dev/sms-outbox/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Отправленные SMS на один номер (только разработка, провайдер console)',
        description:
          'Только сообщения на номер из phone (обязателен), новые первыми, не больше 50. В production — 404.',
        querystring: z.object({
          phone: z
            .string({ error: 'Укажите номер телефона: phone=+79991234567.' })
            .min(1, { error: 'Укажите номер телефона: phone=+79991234567.' })
            .max(40),
        }),
      },
    },
    async (request) => {
      if (app.config.isProduction || app.config.sms.provider !== 'console') throw notFound();
      const phone = normalizePhone(request.query.phone);
      const rows = await app.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
        .limit(50);
      return {
        results: rows.map((m) => ({ phone: m.phone, text: m.text, code: m.code, sent_at: m.sentAt.toISOString() })),
      };
    },
  );

  r.post(
    '/v1/dev/clock/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Передвинуть часы сервера вперёд и выполнить наступившие задачи (только разработка)',
        body: z.object({
          advance_seconds: z
            .number()
            .int()
            .min(0)
            .max(366 * 24 * 3600),
        }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      if (app.config.isProduction || !isAdjustable(app.clock)) throw notFound();
      const ms = request.body.advance_seconds * 1000;
      // The total is kept in the database: the server's clock starts from it after a restart (serverClock).
      const total = await addClockOffset(app.db, ms);
      if (app.clock instanceof OffsetClock) app.clock.catchUp(total);
      else app.clock.advance(ms);
      // Jobs made due by the move run before the answer; a job they queue for now runs too.
      while ((await app.jobs.runDue()) > 0) {
        /* until nothing is due */
      }
      return { now: app.clock.now().toISOString() };
    },
  );

  r.post(
    '/v1/dev/carrier/deliver/:order_id/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Служба доставки сообщает: отправленный заказ доставлен сейчас (только разработка)',
        description:
          'Заказ становится «Доставлен»; у покупателя 48 часов, чтобы подтвердить получение. В production — 404.',
        params: z.object({
          order_id: z.coerce
            .number({ error: 'В адресе ожидается номер заказа — целое положительное число.' })
            .int({ error: 'В адресе ожидается номер заказа — целое положительное число.' })
            .min(1, { error: 'В адресе ожидается номер заказа — целое положительное число.' })
            .max(2_147_483_647, { error: 'В адресе ожидается номер заказа — целое положительное число.' }),
        }),
        response: { 200: orderSchema.pick({ id: true, status: true, delivered_at: true, confirm_by: true }) },
      },
    },
    async (request) => {
      if (app.config.isProduction) throw notFound();
      const id = request.params.order_id;
      const [o] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (!o) throw notFound('Заказ не найден.');
      if (!(await reportDelivery(app, id, app.clock.now())))
        throw badRequest('Доставленным можно отметить только отправленный заказ.');
      const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
      return {
        id,
        status: row!.status,
        delivered_at: row!.deliveredAt?.toISOString() ?? null,
        confirm_by: row!.deliveredAt ? new Date(row!.deliveredAt.getTime() + CONFIRM_WITHIN_MS).toISOString() : null,
      };
    },
  );
}
