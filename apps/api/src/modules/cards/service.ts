/**
 * Saved payment cards (spec §7 `/v1/user/add-card/`, `/v1/self/card*`). Vitrina keeps only the gateway token,
 * brand, last four digits and expiry — never a number or CVC. Every card belongs to one user; others get 404.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Card } from '@vitrina/contract/orders';
import { cards } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { paymentProvider, type ResolvedCard } from '../../providers/payments/index.js';
// Card writes lock the user's row: without it two concurrent «make default» calls lock the same card rows
// in opposite orders and PostgreSQL kills one as a deadlock (a 500), and two first cards could both
// become the default.
import { lockUser } from '../users/index.js';
import { checkCardState, useCardState, type CardStateOwner } from './card-state.js';

type CardRow = typeof cards.$inferSelect;

/** API shape of a card (no token, no number). */
export const serializeCard = (c: CardRow): Card => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  name: c.name,
  is_default: c.isDefault,
});

/** The user's cards, the default first, then newest. */
export async function listCards(db: Db, userId: number): Promise<Card[]> {
  const rows = await db
    .select()
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(desc(cards.isDefault), desc(cards.id));
  return rows.map(serializeCard);
}

/**
 * One of the user's cards.
 * @throws ApiError 404 when missing or someone else's
 */
export async function getOwnCard(db: Db, userId: number, id: number): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Карта не найдена.');
  return row;
}

/**
 * Saves a card from a gateway token (`POST /v1/user/add-card/` → 201). The first card becomes the default.
 * The token must come with `card_state`, the state of a card form this session opened (`./card-state.ts`), used
 * up here: a link that plants someone else's token is refused. A token belongs to the first user who saves it:
 * another account presenting the same token (say, copied from a bank page) is told the card is unknown, so it
 * can never pay with someone else's card.
 * @throws ApiError 400 `{card_token}` for a missing/unknown token, a token of another user's card, or a card saved
 *   already; `{card_state}` for a missing, foreign, expired or used state
 */
export async function addCard(
  app: FastifyInstance,
  owner: CardStateOwner,
  fields: Record<string, string>,
): Promise<Card> {
  const { userId } = owner;
  const token = (fields.card_token ?? '').trim();
  const name = (fields.name ?? '').trim();
  const errors: FieldErrors = {};
  if (!token) errors.card_token = ['Обязательное поле.'];
  else if (token.length > 100) errors.card_token = ['Карта не найдена.'];
  if (name.length > 100) errors.name = ['Не больше 100 символов.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const state = await checkCardState(app, owner, fields.card_state);
  const provider = paymentProvider(app);
  const card = await provider.resolveCardToken(token);
  if (!card) throw badRequest({ card_token: ['Карта не найдена. Введите данные карты ещё раз.'] });
  return app.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await useCardState(app, tx, state);
    const [taken] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.provider, provider.name), eq(cards.token, token), ne(cards.userId, userId)))
      .limit(1);
    if (taken) throw badRequest({ card_token: ['Карта не найдена. Введите данные карты ещё раз.'] });
    const existing = await tx.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId));
    if (existing.length >= 20) throw badRequest('Можно сохранить не больше 20 карт.');
    const inserted = await tx
      .insert(cards)
      .values(cardRow(userId, provider.name, token, card, name, existing.length === 0, app.clock.now()))
      .onConflictDoNothing({ target: [cards.provider, cards.token] })
      .returning();
    if (!inserted.length) {
      // The unique (provider, token) index decides races: the token is this user's card already, or another
      // account saved it a moment ago.
      const [owner] = await tx
        .select({ userId: cards.userId })
        .from(cards)
        .where(and(eq(cards.provider, provider.name), eq(cards.token, token)));
      throw badRequest({
        card_token: [
          owner?.userId === userId ? 'Эта карта уже сохранена.' : 'Карта не найдена. Введите данные карты ещё раз.',
        ],
      });
    }
    // A seller's payouts waiting for a card are queued again (payments module).
    await app.events.emit(tx, 'card.added', { userId, cardId: inserted[0]!.id });
    return serializeCard(inserted[0]!);
  });
}

/** The row of a new card: `card` as the provider resolved its token; `isDefault` for a user's first card. */
export function cardRow(
  userId: number,
  provider: string,
  token: string,
  card: ResolvedCard,
  name: string,
  isDefault: boolean,
  now: Date,
): typeof cards.$inferInsert {
  const { brand, last4, expMonth, expYear } = card;
  return { userId, provider, token, brand, last4, expMonth, expYear, name, isDefault, createdAt: now };
}

/** Parses a boolean form value (`true`/`false`/`1`/`0`/`on`). */
function parseBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return undefined;
}

/**
 * Updates `name` and/or `is_default` (`PUT /v1/self/card/{id}/`). Making a card the default clears the others.
 * @throws ApiError 404 when not the caller's; 400 for bad values
 */
export async function updateCard(
  app: FastifyInstance,
  userId: number,
  id: number,
  fields: Record<string, string>,
): Promise<Card> {
  await getOwnCard(app.db, userId, id);
  const errors: FieldErrors = {};
  const patch: Partial<CardRow> = {};
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (name.length > 100) errors.name = ['Не больше 100 символов.'];
    else patch.name = name;
  }
  if (fields.is_default !== undefined) {
    const b = parseBool(fields.is_default);
    if (b === undefined) errors.is_default = ['Ожидалось true или false.'];
    else patch.isDefault = b;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return app.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (patch.isDefault) {
      await tx
        .update(cards)
        .set({ isDefault: false })
        .where(and(eq(cards.userId, userId), ne(cards.id, id)));
    }
    const [row] = Object.keys(patch).length
      ? await tx
          .update(cards)
          .set(patch)
          .where(and(eq(cards.id, id), eq(cards.userId, userId)))
          .returning()
      : await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, id), eq(cards.userId, userId)));
    if (!row) throw notFound('Карта не найдена.');
    return serializeCard(row);
  });
}

/** Removes a card (`DELETE /v1/self/card/remove/{id}/` → 204); the oldest remaining card becomes the default. */
export async function removeCard(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(cards)
      .where(and(eq(cards.id, id), eq(cards.userId, userId)))
      .returning();
    if (!gone) throw notFound('Карта не найдена.');
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(eq(cards.userId, userId))
        .orderBy(asc(cards.id))
        .limit(1);
      if (next) await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, next.id));
    }
  });
}
