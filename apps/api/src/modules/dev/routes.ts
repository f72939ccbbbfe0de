/**
 * HTTP routes of the `dev` module — development only (app.ts does not register it in production):
 * `GET /v1/dev/sms-outbox/?phone=` — messages of the `console` SMS provider, newest first.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { normalizePhone } from '../../lib/phone.js';

export default async function devRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/dev/sms-outbox/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Отправленные SMS (только разработка, провайдер console)',
        querystring: z.object({ phone: z.string().max(40).optional() }),
      },
    },
    async (request) => {
      if (app.config.isProduction || app.config.sms.provider !== 'console') throw notFound();
      const phone = request.query.phone ? normalizePhone(request.query.phone) : undefined;
      const rows = await app.db
        .select()
        .from(smsOutbox)
        .where(phone ? eq(smsOutbox.phone, phone) : undefined)
        .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
        .limit(50);
      return {
        results: rows.map((m) => ({ phone: m.phone, text: m.text, code: m.code, sent_at: m.sentAt.toISOString() })),
      };
    },
  );
}
