/**
 * The test bank's payouts: a payouts book like its refund book — one payout per idempotence key (a
 * repeated request answers the same payout), to a card the bank issued (`testgateway_cards`; a card whose
 * outcome is `decline` refuses payouts too) — and an outage switch tests use to make payouts fail for a while:
 * - `POST /testgateway/api/payouts/outage/` JSON `{minutes}` → `{until}`: payouts fail (an error, as a bank that
 *   cannot be reached) until then by the app clock; `{minutes: 0}` ends it. Never registered in production.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, gt, and } from 'drizzle-orm';
import { z } from 'zod';
import { testgatewayCards, testgatewayPayoutOutages, testgatewayPayouts } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import type { PayoutInput, PayoutResult } from './types.js';

/**
 * Pays out through the test bank's book (written through `books`: a job's transaction).
 * @throws Error while an outage is on, or for a key reused for another payout
 */
export async function testgatewayPayout(
  app: FastifyInstance,
  books: Db | Tx,
  input: PayoutInput,
): Promise<PayoutResult> {
  const now = app.clock.now();
  const [down] = await books
    .select()
    .from(testgatewayPayoutOutages)
    .where(and(eq(testgatewayPayoutOutages.id, 1), gt(testgatewayPayoutOutages.until, now)));
  if (down) throw new Error(`testgateway: payouts unavailable until ${down.until.toISOString()}`);
  const [seen] = await books
    .select()
    .from(testgatewayPayouts)
    .where(eq(testgatewayPayouts.idempotenceKey, input.idempotenceKey));
  if (seen) {
    if (seen.cardToken !== input.cardToken || seen.amount !== input.amount)
      throw new Error('testgateway: idempotence key reused for another payout');
    return { providerPayoutId: seen.id, status: 'succeeded' };
  }
  const [card] = await books.select().from(testgatewayCards).where(eq(testgatewayCards.token, input.cardToken));
  if (!card || card.outcome === 'decline')
    return {
      providerPayoutId: `po_refused_${randomUUID()}`,
      status: 'canceled',
      reason: 'Карта не принимает выплаты.',
    };
  if (!(input.amount > 0)) throw new Error('testgateway: payout amount out of range');
  const id = `po_${randomUUID()}`;
  await books.insert(testgatewayPayouts).values({
    id,
    cardToken: input.cardToken,
    amount: input.amount,
    idempotenceKey: input.idempotenceKey,
    description: input.description,
    createdAt: now,
  });
  return { providerPayoutId: id, status: 'succeeded' };
}

/** Registers the outage switch (the payments module does this only outside production, with the test bank). */
export async function testgatewayPayoutRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/testgateway/api/payouts/outage/',
    {
      schema: {
        tags: ['testgateway'],
        summary: 'Тестовый банк: выплаты не проходят указанное число минут',
        body: z.object({
          minutes: z
            .number()
            .int()
            .min(0)
            .max(7 * 24 * 60),
        }),
        response: { 200: z.object({ until: z.string() }) },
      },
    },
    async (request) => {
      const until = new Date(app.clock.now().getTime() + request.body.minutes * 60_000);
      await app.db
        .insert(testgatewayPayoutOutages)
        .values({ id: 1, until })
        .onConflictDoUpdate({ target: testgatewayPayoutOutages.id, set: { until } });
      return { until: until.toISOString() };
    },
  );
}
