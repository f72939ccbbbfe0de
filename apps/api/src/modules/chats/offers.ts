/**
 * Price offers in a conversation (table `price_offers`): the buyer offers a price for a size — below the size's
 * price and at least {@link OFFER_MIN_PERCENT} % of it, at most {@link OFFERS_PER_LISTING} per buyer and listing, one
 * pending at a time; the seller accepts, declines or counters (an offer of their own the buyer accepts or declines).
 * A pending offer expires after {@link OFFER_HOURS} h (a timed job); offers die when the listing sells out or leaves
 * the sale. An accepted offer's price holds for its buyer and size for {@link OFFER_HOURS} h: the orders module charges
 * it (`orders/agreed-prices.ts`), so the fee and the statistics count it.
 *
 * Each step is one transaction with a message in the thread (kind `offer`, carrying the offer), its push and notice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OFFER_HOURS, OFFERS_PER_LISTING, type PriceOffer } from '@vitrina/contract/chats';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { offers, priceOffers, products } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { takeUserLimit } from '../../plugins/user-limits.js';
import { formatRub } from '../notifications/index.js';
import {
  ALIVE,
  checkPrice,
  expireDue,
  gone,
  insertOffer,
  lockBuyerListing,
  OFFER_EXPIRE_JOB,
  OFFER_MS,
  pushOffer,
  settle,
  sizeRow,
} from './offer-rows.js';
import { chatFor, roleOf, toOffer } from './read.js';
import { appendMessage, checkCanWrite } from './service.js';

/**
 * `POST /v1/chats/{id}/offers/`: the buyer's offer (price in rubles; the size may be left out when the listing has
 * one size in stock).
 * @throws ApiError 404 (not the caller's conversation), 400 (the seller asks, the listing is off sale, the size is
 *   unknown or sold out, the price is out of range, {@link OFFERS_PER_LISTING} made, one pending), 403, 429
 */
export async function makeOffer(
  app: FastifyInstance,
  userId: number,
  chatId: number,
  body: { price: number; size?: string },
): Promise<PriceOffer> {
  return app.db.transaction(async (tx) => {
    const chat = await chatFor(tx, userId, chatId, true);
    if (roleOf(chat, userId) !== 'buyer')
      throw badRequest({
        offer: ['Предложить цену может только покупатель. Вы можете ответить встречным предложением.'],
      });
    await checkCanWrite(tx, chat, userId);
    const [p] = await tx.select({ status: products.status }).from(products).where(eq(products.id, chat.productId));
    if (!p || !ALIVE.includes(p.status)) throw badRequest({ offer: ['Объявление снято с продажи.'] });
    const size = await sizeRow(tx, chat.productId, body.size);
    if (size.count <= 0) throw badRequest({ size: [`Размер ${size.size} уже купили.`] });
    const price = toKopecks(body.price);
    checkPrice(price, size.price);
    await lockBuyerListing(tx, chat);
    const now = app.clock.now();
    await expireDue(app, tx, chat, now);
    const all = await tx
      .select({ status: priceOffers.status, byRole: priceOffers.byRole })
      .from(priceOffers)
      .where(and(eq(priceOffers.buyerId, userId), eq(priceOffers.productId, chat.productId)));
    if (all.some((o) => o.status === 'pending'))
      throw badRequest({
        offer: ['Сначала дождитесь ответа на действующее предложение: одновременно может быть только одно.'],
      });
    if (all.filter((o) => o.byRole === 'buyer').length >= OFFERS_PER_LISTING)
      throw badRequest({ offer: [`Не больше ${OFFERS_PER_LISTING} предложений цены по одному объявлению.`] });
    await takeUserLimit(app, userId, 'chatMessages', 1, tx);
    const row = await insertOffer(app, tx, chat, {
      sizeOfferId: size.id,
      size: size.size,
      byRole: 'buyer',
      price,
      listPrice: size.price,
    });
    await appendMessage(app, tx, chat, userId, {
      kind: 'offer',
      text: `Предлагаю ${formatRub(price)} за размер ${size.size} (цена в объявлении ${formatRub(size.price)}).`,
      offerId: row.id,
    });
    return toOffer(row, now);
  });
}

/**
 * The offer the caller may answer, locked: a pending one made by the other side.
 * @throws ApiError 404 (not a participant, or the caller made it), 400 (no longer pending, or dead: marked so)
 */
async function answerable(app: FastifyInstance, tx: Tx, userId: number, offerId: number) {
  const [o] = await tx.select().from(priceOffers).where(eq(priceOffers.id, offerId)).for('update');
  const answerer = o ? (o.byRole === 'buyer' ? o.sellerId : o.buyerId) : 0;
  if (!o || answerer !== userId) throw notFound('Предложение не найдено.');
  const chat = await chatFor(tx, userId, o.chatId, true);
  const now = app.clock.now();
  if (o.status !== 'pending') throw gone();
  if (o.expiresAt <= now) {
    await settle(app, tx, chat, o.id, 'expired', now);
    throw badRequest({ offer: ['Срок предложения истёк.'] });
  }
  await checkCanWrite(tx, chat, userId);
  const alive = await queryRows<{ ok: boolean }>(
    tx as unknown as Db,
    sql`select (p.status in ('active', 'reserved') and coalesce(s.count, 0) > 0) as ok
        from products p left join offers s on s.id = ${o.sizeOfferId} where p.id = ${o.productId}`,
  );
  if (!alive[0]?.ok) {
    await settle(app, tx, chat, o.id, 'cancelled', now);
    throw badRequest({ offer: ['Вещь уже продана или снята с продажи: предложение больше не действует.'] });
  }
  return { o, chat, now };
}

/**
 * `POST /v1/offers/{id}/accept/`: the other side accepts — the price holds for the buyer and size for
 * {@link OFFER_HOURS} h.
 * @throws ApiError 404 (not the one to answer), 400 (no longer pending, expired, sold out), 403
 */
export async function acceptOffer(app: FastifyInstance, userId: number, offerId: number): Promise<PriceOffer> {
  return app.db.transaction(async (tx) => {
    const { o, chat, now } = await answerable(app, tx, userId, offerId);
    const validUntil = new Date(now.getTime() + OFFER_MS);
    const [row] = await tx
      .update(priceOffers)
      .set({ status: 'accepted', decidedAt: now, validUntil })
      .where(eq(priceOffers.id, o.id))
      .returning();
    await pushOffer(app, tx, chat, o.id);
    await appendMessage(app, tx, chat, userId, {
      kind: 'offer',
      text: `Предложение принято: ${formatRub(o.price)} за размер ${o.size}. Цена действует ${OFFER_HOURS} часа — оформите заказ.`,
      offerId: o.id,
    });
    return toOffer(row!, now);
  });
}

/**
 * `POST /v1/offers/{id}/decline/`.
 * @throws ApiError 404 (not the one to answer), 400 (no longer pending)
 */
export async function declineOffer(app: FastifyInstance, userId: number, offerId: number): Promise<PriceOffer> {
  return app.db.transaction(async (tx) => {
    const [o] = await tx.select().from(priceOffers).where(eq(priceOffers.id, offerId)).for('update');
    const answerer = o ? (o.byRole === 'buyer' ? o.sellerId : o.buyerId) : 0;
    if (!o || answerer !== userId) throw notFound('Предложение не найдено.');
    const chat = await chatFor(tx, userId, o.chatId, true);
    const now = app.clock.now();
    if (o.status !== 'pending' || o.expiresAt <= now) throw gone();
    const [row] = await tx
      .update(priceOffers)
      .set({ status: 'declined', decidedAt: now })
      .where(eq(priceOffers.id, o.id))
      .returning();
    await pushOffer(app, tx, chat, o.id);
    await appendMessage(app, tx, chat, userId, {
      kind: 'offer',
      text: `Предложение ${formatRub(o.price)} отклонено.`,
      offerId: o.id,
    });
    return toOffer(row!, now);
  });
}

/**
 * `POST /v1/offers/{id}/counter/`: the seller answers a buyer's offer with a price of their own (above the buyer's,
 * below the listing's); the buyer's offer becomes `countered`, the counter is pending for {@link OFFER_HOURS} h.
 * @throws ApiError 404 (not the seller of a buyer's offer), 400 (no longer pending, price out of range)
 */
export async function counterOffer(
  app: FastifyInstance,
  userId: number,
  offerId: number,
  priceRub: number,
): Promise<PriceOffer> {
  return app.db.transaction(async (tx) => {
    const { o, chat, now } = await answerable(app, tx, userId, offerId);
    if (o.byRole !== 'buyer') throw notFound('Предложение не найдено.');
    const price = toKopecks(priceRub);
    const [size] = await tx.select({ price: offers.price }).from(offers).where(eq(offers.id, o.sizeOfferId!));
    const listPrice = size?.price ?? o.listPrice;
    if (price <= o.price)
      throw badRequest({ price: [`Встречная цена должна быть выше предложенной — ${formatRub(o.price)}.`] });
    checkPrice(price, listPrice);
    await tx.update(priceOffers).set({ status: 'countered', decidedAt: now }).where(eq(priceOffers.id, o.id));
    await pushOffer(app, tx, chat, o.id);
    const row = await insertOffer(app, tx, chat, {
      sizeOfferId: o.sizeOfferId!,
      size: o.size,
      byRole: 'seller',
      price,
      listPrice,
      parentId: o.id,
    });
    await appendMessage(app, tx, chat, userId, {
      kind: 'offer',
      text: `Встречное предложение: ${formatRub(price)} за размер ${o.size}.`,
      offerId: row.id,
    });
    return toOffer(row, now);
  });
}

/** Defines the offer expiry job: a pending offer past its time becomes `expired`, with a line in the thread. */
export function defineOfferJobs(app: FastifyInstance): void {
  app.jobs.define(OFFER_EXPIRE_JOB, async ({ tx, job, now }) => {
    const id = Number(job.payload.offerId);
    const [o] = await tx.select().from(priceOffers).where(eq(priceOffers.id, id)).for('update');
    if (!o || o.status !== 'pending' || o.expiresAt > now) return;
    const c = await chatFor(tx, o.buyerId, o.chatId, true);
    await settle(app, tx, c, o.id, 'expired', now);
    await appendMessage(app, tx, c, null, {
      kind: 'system',
      text: `Срок предложения ${formatRub(o.price)} истёк: ответа не было ${OFFER_HOURS} часа.`,
    });
  });
}

/**
 * Offers of a listing die (pending and accepted become `cancelled`) when it sells out or leaves the sale; each thread
 * gets a line. Runs in the caller's transaction (the `listing.sold_out` subscriber).
 */
export async function cancelListingOffers(app: FastifyInstance, tx: Tx, productId: number, why: string) {
  const now = app.clock.now();
  const dead = await tx
    .update(priceOffers)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(priceOffers.productId, productId), inArray(priceOffers.status, ['pending', 'accepted'])))
    .returning({ id: priceOffers.id, chatId: priceOffers.chatId, buyerId: priceOffers.buyerId });
  const chats = new Map<number, number>();
  for (const o of dead) chats.set(o.chatId, o.buyerId);
  for (const [chatId, buyerId] of chats) {
    const c = await chatFor(tx, buyerId, chatId, true);
    for (const o of dead.filter((d) => d.chatId === chatId)) await pushOffer(app, tx, c, o.id);
    await appendMessage(app, tx, c, null, { kind: 'system', text: why });
  }
}

/** The caller's accepted prices that still hold, for the cart and checkout (`GET /v1/offers/agreed/`). */
export async function agreedPrices(app: FastifyInstance, userId: number) {
  const now = app.clock.now();
  const rows = await queryRows<{
    id: number;
    product_id: number;
    slug: string;
    size: string;
    price: number;
    list_price: number;
    valid_until: string;
  }>(
    app.db,
    sql`select po.id, po.product_id, p.slug, s.size, po.price, s.price as list_price, po.valid_until
        from price_offers po join products p on p.id = po.product_id join offers s on s.id = po.size_offer_id
        where po.buyer_id = ${userId} and po.status = 'accepted' and po.valid_until > ${now.toISOString()}
          and p.status in ('active', 'reserved') and s.count > 0
        order by po.valid_until desc`,
  );
  return {
    results: rows.map((r) => ({
      offer: Number(r.id),
      product: Number(r.product_id),
      slug: r.slug,
      size: r.size,
      price: toRubles(Number(r.price)),
      list_price: toRubles(Number(r.list_price)),
      valid_until: new Date(r.valid_until).toISOString(),
    })),
  };
}
