/**
 * The rows behind price offers (table `price_offers`), for the steps in `offers.ts`: the size an offer is about and
 * its price rules, writing an offer with its expiry job, settling one, and pushing an offer's new state to both sides.
 * Money: kopecks.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OFFER_HOURS, OFFER_MIN_PERCENT } from '@vitrina/contract/chats';
import type { Tx } from '../../db/client.js';
import { offers, priceOffers } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { formatRub, pushToUser } from '../notifications/index.js';
import { offerMessageIds, type ChatRow, type OfferRow } from './read.js';
import { PUSH_MESSAGE } from './service.js';

/** The job that expires a pending offer. */
export const OFFER_EXPIRE_JOB = 'chats.offer-expire';
/** How long a pending offer waits, and an accepted price holds (ms). */
export const OFFER_MS = OFFER_HOURS * 3_600_000;
/** Listing states in which an offer lives. */
export const ALIVE = ['active', 'reserved'];

/** The 400 of an offer that no longer waits for an answer. */
export const gone = () => badRequest({ offer: ['Предложение больше не действует.'] });

/** The size an offer is about: its row with the current price and stock. */
export async function sizeRow(tx: Tx, productId: number, size: string | undefined) {
  const rows = await tx
    .select({ id: offers.id, size: offers.size, price: offers.price, count: offers.count })
    .from(offers)
    .where(eq(offers.productId, productId))
    .orderBy(offers.id);
  if (!size) {
    const inStock = rows.filter((r) => r.count > 0);
    if (rows.length === 1) return rows[0]!;
    if (inStock.length === 1 && rows.length > 1) return inStock[0]!;
    throw badRequest({ size: [`Выберите размер: ${rows.map((r) => r.size).join(', ')}.`] });
  }
  const row = rows.find((r) => r.size.toLowerCase() === size.trim().toLowerCase());
  if (!row) throw badRequest({ size: [`Размера «${size}» нет в объявлении.`] });
  return row;
}

/** Checks a price (kopecks) against a size's price: below it and at least {@link OFFER_MIN_PERCENT} %. */
export function checkPrice(price: number, listPrice: number) {
  if (price >= listPrice)
    throw badRequest({ price: [`Предложите цену ниже цены объявления — ${formatRub(listPrice)}.`] });
  const min = Math.ceil((listPrice * OFFER_MIN_PERCENT) / 100 / 100) * 100;
  if (price < min)
    throw badRequest({
      price: [`Цена — не меньше ${OFFER_MIN_PERCENT} % от цены объявления: от ${formatRub(min)}.`],
    });
}

/** Sends an offer's new state to both sides: every message that carries it is pushed again (same ids). */
export async function pushOffer(app: FastifyInstance, tx: Tx, chat: ChatRow, offerId: number) {
  for (const m of await offerMessageIds(tx, offerId)) {
    for (const u of [chat.buyerId, chat.sellerId]) await pushToUser(app, tx, u, PUSH_MESSAGE, { c: chat.id, m });
  }
}

/** Writes a pending offer in the conversation and schedules its expiry ({@link OFFER_EXPIRE_JOB}) in `tx`. */
export async function insertOffer(
  app: FastifyInstance,
  tx: Tx,
  chat: ChatRow,
  o: {
    sizeOfferId: number;
    size: string;
    byRole: 'buyer' | 'seller';
    price: number;
    listPrice: number;
    parentId?: number;
  },
): Promise<OfferRow> {
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + OFFER_MS);
  const [row] = await tx
    .insert(priceOffers)
    .values({
      chatId: chat.id,
      productId: chat.productId,
      sizeOfferId: o.sizeOfferId,
      size: o.size,
      buyerId: chat.buyerId,
      sellerId: chat.sellerId,
      byRole: o.byRole,
      price: o.price,
      listPrice: o.listPrice,
      parentId: o.parentId ?? null,
      createdAt: now,
      expiresAt,
    })
    .returning();
  await app.jobs.enqueue(
    tx,
    OFFER_EXPIRE_JOB,
    { offerId: row!.id },
    { runAt: expiresAt, key: `offer:${row!.id}:expire` },
  );
  return row!;
}

/** Serialises one buyer's offers on one listing (the count and the one-pending rule are read, then written). */
export const lockBuyerListing = (tx: Tx, chat: ChatRow) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-offer:${chat.buyerId}:${chat.productId}`}))`);

/** Marks the buyer's pending offers on the conversation's listing that are past their time `expired` (in `tx`). */
export async function expireDue(app: FastifyInstance, tx: Tx, chat: ChatRow, now: Date) {
  const done = await tx
    .update(priceOffers)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(priceOffers.buyerId, chat.buyerId),
        eq(priceOffers.productId, chat.productId),
        eq(priceOffers.status, 'pending'),
        sql`${priceOffers.expiresAt} <= ${now.toISOString()}`,
      ),
    )
    .returning({ id: priceOffers.id });
  for (const o of done) await pushOffer(app, tx, chat, o.id);
}

/** Sets an offer's final state and pushes it. */
export async function settle(app: FastifyInstance, tx: Tx, chat: ChatRow, offerId: number, status: string, now: Date) {
  await tx.update(priceOffers).set({ status, decidedAt: now }).where(eq(priceOffers.id, offerId));
  await pushOffer(app, tx, chat, offerId);
}
