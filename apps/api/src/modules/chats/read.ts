/**
 * Reading conversations for one of their two participants: the caller's conversation (404 for anyone else) and its
 * messages as the reader sees them (read marks from the other side's `*_read_id`, offers in their current state); the
 * list's cards are in `list.ts`. Money: kopecks in rows, rubles in answers.
 */
import { sql } from 'drizzle-orm';
import type { ChatMessage, MessagePage, OfferStatus, PriceOffer } from '@vitrina/contract/chats';
import { MESSAGES_PAGE_SIZE } from '@vitrina/contract/chats';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { chatMessages, chats, MessagePhoto, priceOffers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import type { FastifyInstance } from 'fastify';
import { imageUrls, MEDIA_WIDTHS, type PrivateMediaLinks } from '../media/index.js';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type OfferRow = typeof priceOffers.$inferSelect;
export type Conn = Db | Tx;

/** The 404 of a conversation that is not the caller's (or does not exist). */
export const chatNotFound = () => notFound('Диалог не найден.');

/** The caller's side of a conversation. */
export const roleOf = (c: Pick<ChatRow, 'buyerId'>, userId: number) => (c.buyerId === userId ? 'buyer' : 'seller');
/** The other participant's id. */
export const otherOf = (c: Pick<ChatRow, 'buyerId' | 'sellerId'>, userId: number) =>
  c.buyerId === userId ? c.sellerId : c.buyerId;

/**
 * The caller's conversation, optionally locked (`FOR UPDATE`, inside a write's transaction).
 * @throws ApiError 404 when it is not theirs
 */
export async function chatFor(conn: Conn, userId: number, chatId: number, lock = false): Promise<ChatRow> {
  const rows = await queryRows<Record<string, unknown>>(
    conn as Db,
    sql`select * from chats where id = ${chatId} and (buyer_id = ${userId} or seller_id = ${userId})
        ${lock ? sql`for update` : sql``}`,
  );
  if (!rows[0]) throw chatNotFound();
  return chatFromSql(rows[0]);
}

/** A `chats` row read with raw SQL, as Drizzle names it. */
export function chatFromSql(r: Record<string, unknown>): ChatRow {
  return {
    id: Number(r.id),
    productId: Number(r.product_id),
    buyerId: Number(r.buyer_id),
    sellerId: Number(r.seller_id),
    createdAt: new Date(r.created_at as string),
    lastMessageAt: new Date(r.last_message_at as string),
    lastMessageId: r.last_message_id == null ? null : Number(r.last_message_id),
    buyerReadId: Number(r.buyer_read_id),
    sellerReadId: Number(r.seller_read_id),
    buyerSmsId: Number(r.buyer_sms_id),
    sellerSmsId: Number(r.seller_sms_id),
  };
}

/**
 * What reading needs besides rows: the time (offers' state) and the signer of message photos' links (private to
 * the two participants: decision 0150).
 */
export interface ReadAt {
  now: Date;
  media: PrivateMediaLinks;
}

/** The app's {@link ReadAt} at this moment. */
export const readAt = (app: FastifyInstance): ReadAt => ({ now: app.clock.now(), media: app.privateMedia });

/** A listing's photo (public). */
export const photoImage = (p: MessagePhoto) => ({
  ...imageUrls(p.key, MEDIA_WIDTHS, p.width),
  width: p.width,
  height: p.height,
});

/** A message photo: signed links that work for about an hour. */
const messagePhotoImage = (p: MessagePhoto, media: PrivateMediaLinks) => ({
  ...media.image(p.key, MEDIA_WIDTHS, p.width),
  width: p.width,
  height: p.height,
});

/** An offer's state as of `now` (a pending one past its time reads `expired` before its job ran). */
export function offerStatus(o: Pick<OfferRow, 'status' | 'expiresAt'>, now: Date): OfferStatus {
  if (o.status === 'pending' && o.expiresAt <= now) return 'expired';
  return o.status as OfferStatus;
}

/** The API shape of an offer. */
export function toOffer(o: OfferRow, now: Date): PriceOffer {
  return {
    id: o.id,
    chat: o.chatId,
    price: toRubles(o.price),
    list_price: toRubles(o.listPrice),
    size: o.size,
    status: offerStatus(o, now),
    by: o.byRole === 'seller' ? 'seller' : 'buyer',
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    valid_until: o.status === 'accepted' && o.validUntil ? o.validUntil.toISOString() : null,
  };
}

/** The API shape of a message in `chat` (read: the other side's mark covers it). */
export function toMessage(m: MessageRow, chat: ChatRow, offer: OfferRow | null, at: ReadAt): ChatMessage {
  const read =
    m.authorId === null ? true : m.authorId === chat.buyerId ? m.id <= chat.sellerReadId : m.id <= chat.buyerReadId;
  return {
    id: m.id,
    chat: m.chatId,
    author: m.authorId,
    kind: m.kind as ChatMessage['kind'],
    text: m.erased ? '' : m.text,
    photos: m.erased ? [] : m.photos.map((p) => messagePhotoImage(p, at.media)),
    offer: offer ? toOffer(offer, at.now) : null,
    created_at: m.createdAt.toISOString(),
    read,
    erased: m.erased,
  };
}

/** A message row read with raw SQL (`m.*` as JSON), as Drizzle names it. */
export function messageFromJson(r: Record<string, unknown>): MessageRow {
  return {
    id: Number(r.id),
    chatId: Number(r.chat_id),
    authorId: r.author_id == null ? null : Number(r.author_id),
    kind: String(r.kind),
    text: String((r.text as string | null) ?? ''),
    photos: (r.photos ?? []) as MessagePhoto[],
    offerId: r.offer_id == null ? null : Number(r.offer_id),
    orderId: r.order_id == null ? null : Number(r.order_id),
    createdAt: new Date(r.created_at as string),
    erased: Boolean(r.erased),
  };
}

/** An offer row read with raw SQL (`o.*` as JSON). */
export function offerFromJson(r: Record<string, unknown>): OfferRow {
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: Number(r.id),
    chatId: Number(r.chat_id),
    productId: Number(r.product_id),
    sizeOfferId: r.size_offer_id == null ? null : Number(r.size_offer_id),
    size: String(r.size),
    buyerId: Number(r.buyer_id),
    sellerId: Number(r.seller_id),
    byRole: String(r.by_role),
    price: Number(r.price),
    listPrice: Number(r.list_price),
    status: String(r.status),
    parentId: r.parent_id == null ? null : Number(r.parent_id),
    createdAt: new Date(r.created_at as string),
    expiresAt: new Date(r.expires_at as string),
    decidedAt: date(r.decided_at),
    validUntil: date(r.valid_until),
  };
}

/**
 * Messages of a conversation with their offers, by a condition on `m` (ids, or a page's range).
 * @param tail SQL after `where m.chat_id = … and`: the condition, order and limit
 */
async function messagesWhere(conn: Conn, chatId: number, tail: ReturnType<typeof sql>) {
  const rows = await queryRows<{ m: Record<string, unknown>; o: Record<string, unknown> | null }>(
    conn as Db,
    sql`select row_to_json(m) as m, (select row_to_json(o) from price_offers o where o.id = m.offer_id) as o
        from chat_messages m where m.chat_id = ${chatId} and ${tail}`,
  );
  return rows.map((r) => ({ m: messageFromJson(r.m), o: r.o ? offerFromJson(r.o) : null }));
}

/** One message of a conversation as its participants see it (null when gone). */
export async function loadMessage(conn: Conn, chat: ChatRow, messageId: number, at: ReadAt) {
  const [r] = await messagesWhere(conn, chat.id, sql`m.id = ${messageId}`);
  return r ? toMessage(r.m, chat, r.o, at) : null;
}

/** The messages of a conversation that carry an offer (to send their new state to both sides). */
export async function offerMessageIds(conn: Conn, offerId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    conn as Db,
    sql`select id from chat_messages where offer_id = ${offerId}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * `GET /v1/chats/{id}/messages/`: {@link MESSAGES_PAGE_SIZE} messages, newest first, older than `before` when given
 * (an index range on `(chat_id, id)`, whatever the table's size).
 */
export async function messagePage(
  conn: Conn,
  chat: ChatRow,
  before: number | undefined,
  url: string,
  at: ReadAt,
): Promise<MessagePage> {
  const rows = await messagesWhere(
    conn,
    chat.id,
    sql`${before ? sql`m.id < ${before}` : sql`true`} order by m.id desc limit ${MESSAGES_PAGE_SIZE + 1}`,
  );
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const link = (id: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('before', String(id));
    return u.pathname + u.search;
  };
  return {
    next: more ? link(page[page.length - 1]!.m.id) : null,
    previous: null,
    results: page.map((r) => toMessage(r.m, chat, r.o, at)),
  };
}
