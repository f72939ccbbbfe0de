/**
 * A card saved while paying (checkout's «Сохранить карту» with a new card): the bank kept the card and gives its
 * token for the paid order's payment (`PaymentProvider.savedCardToken`); the buyer's card list gets it, as
 * `POST /v1/user/add-card/` would add it (the first card becomes the default, `card.added` is emitted).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cards } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { lockUser } from '../users/index.js';
import { cardRow } from './service.js';

/** Cards a user may keep at most (as `POST /v1/user/add-card/`). */
const MAX_CARDS = 20;

/**
 * Saves the card of a gateway `token` for `userId`, once: nothing happens for a token already saved (by anyone),
 * one the provider does not know, or a user with 20 cards.
 * @returns whether a card was added
 */
export async function saveCardFromPayment(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  token: string,
): Promise<boolean> {
  const provider = paymentProvider(app, tx);
  const card = await provider.resolveCardToken(token);
  if (!card) return false;
  await lockUser(tx, userId);
  const existing = await tx.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId));
  if (existing.length >= MAX_CARDS) return false;
  const [taken] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.provider, provider.name), eq(cards.token, token)));
  if (taken) return false;
  const [inserted] = await tx
    .insert(cards)
    .values(cardRow(userId, provider.name, token, card, '', existing.length === 0, app.clock.now()))
    .onConflictDoNothing({ target: [cards.provider, cards.token] })
    .returning({ id: cards.id });
  if (!inserted) return false;
  await app.events.emit(tx, 'card.added', { userId, cardId: inserted.id });
  return true;
}
