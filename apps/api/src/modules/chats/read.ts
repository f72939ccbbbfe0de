/**
 * Reading conversations for one of their two participants: the caller's conversation (404 for anyone else), the
 * list's cards (listing, the other person, the last message, unread count — one query per page), messages as the
 * reader sees them (read marks from the other side's `*_read_id`, offers in their current state), the unread total.
 * Money: kopecks in rows, rubles in answers.
 */
import { sql } from 'drizzle-orm';
import type {
  Chat,
  ChatMessage,
  ChatPage,
  ChatPerson,
  ChatProduct,
  MessagePage,
  OfferStatus,
  PriceOffer,
} from '@vitrina/contract/chats';
import { MESSAGES_PAGE_SIZE } from '@vitrina/contract/chats';
import { DELETED_USER_NAME } from '@vitrina/contract/account';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { chatMessages, chats, MessagePhoto, priceOffers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { imageUrls, MEDIA_WIDTHS } from '../media/index.js';
import { avatarImage } from '../social/index.js';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type OfferRow = typeof priceOffers.$inferSelect;
type Conn = Db | Tx;

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

/** An image of a message photo. */
const photoImage = (p: MessagePhoto) => ({
  ...imageUrls(p.key, MEDIA_WIDTHS, p.width),
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
export function toMessage(m: MessageRow, chat: ChatRow, offer: OfferRow | null, now: Date): ChatMessage {
  const read =
    m.authorId === null ? true : m.authorId === chat.buyerId ? m.id <= chat.sellerReadId : m.id <= chat.buyerReadId;
  return {
    id: m.id,
    chat: m.chatId,
    author: m.authorId,
    kind: m.kind as ChatMessage['kind'],
    text: m.erased ? '' : m.text,
    photos: m.erased ? [] : m.photos.map(photoImage),
    offer: offer ? toOffer(offer, now) : null,
    created_at: m.createdAt.toISOString(),
    read,
    erased: m.erased,
  };
}

/** A message row read with raw SQL (`m.*` as JSON), as Drizzle names it. */
function messageFromJson(r: Record<string, unknown>): MessageRow {
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
function offerFromJson(r: Record<string, unknown>): OfferRow {
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
export async function loadMessage(conn: Conn, chat: ChatRow, messageId: number, now: Date) {
  const [r] = await messagesWhere(conn, chat.id, sql`m.id = ${messageId}`);
  return r ? toMessage(r.m, chat, r.o, now) : null;
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
  now: Date,
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
    results: page.map((r) => toMessage(r.m, chat, r.o, now)),
  };
}

/** SQL: unread messages of the other side in chat `c` for `userId` (an index range past the read mark). */
const unreadSql = (userId: number) => sql`(select count(*)::int from chat_messages um
  where um.chat_id = c.id and um.author_id is not null and um.author_id <> ${userId}
    and um.id > case when c.buyer_id = ${userId} then c.buyer_read_id else c.seller_read_id end)`;

/** How many messages are unread in all the user's conversations. */
export async function unreadTotal(conn: Conn, userId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    conn as Db,
    sql`select coalesce(sum(${unreadSql(userId)}), 0)::int as n from chats c
        where (c.buyer_id = ${userId} or c.seller_id = ${userId})
          and c.last_message_id > case when c.buyer_id = ${userId} then c.buyer_read_id else c.seller_read_id end`,
  );
  return Number(r?.n ?? 0);
}

interface CardRow {
  chat: Record<string, unknown>;
  product: {
    id: number;
    slug: string;
    title: string;
    status: string;
    photo: { key: string; width: number; height: number } | null;
    sizes: { size: string; price: number; count: number }[] | null;
  };
  person: { id: number; first_name: string; last_name: string; avatar: string | null; deleted_at: string | null };
  last: Record<string, unknown> | null;
  last_offer: Record<string, unknown> | null;
  unread: number;
  blocked: boolean;
}

/** SQL: the cards of conversations `c` for `userId` (see {@link CardRow}), in the caller's order. */
const cardsSql = (userId: number, where: ReturnType<typeof sql>) => sql`
  select row_to_json(c) as chat,
    (select json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'status', p.status,
       'photo', (select json_build_object('key', ph.key, 'width', ph.width, 'height', ph.height)
                 from product_photos ph where ph.product_id = p.id order by ph.position, ph.id limit 1),
       'sizes', (select json_agg(json_build_object('size', o.size, 'price', o.price, 'count', o.count) order by o.id)
                 from offers o where o.product_id = p.id))
     from products p where p.id = c.product_id) as product,
    (select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar', u.avatar,
       'deleted_at', u.deleted_at)
     from users u where u.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end) as person,
    (select row_to_json(m) from chat_messages m where m.id = c.last_message_id) as last,
    (select row_to_json(o) from chat_messages m join price_offers o on o.id = m.offer_id
     where m.id = c.last_message_id) as last_offer,
    ${unreadSql(userId)} as unread,
    exists (select 1 from user_blocks b where b.blocker_id = ${userId}
            and b.blocked_id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end) as blocked
  from chats c where ${where}`;

/** A person as a conversation shows them. */
export function toPerson(u: CardRow['person']): ChatPerson {
  const deleted = Boolean(u.deleted_at);
  return {
    id: u.id,
    name: deleted ? DELETED_USER_NAME : `${u.first_name} ${u.last_name}`.trim() || 'Пользователь',
    avatar: deleted ? null : avatarImage(u.avatar),
    deleted,
  };
}

function toCard(r: CardRow, userId: number, now: Date): Chat {
  const chat = chatFromSql(r.chat);
  const sizes = (r.product.sizes ?? []).map((s) => ({ size: s.size, price: toRubles(s.price), count: s.count }));
  const inStock = sizes.filter((s) => s.count > 0);
  const product: ChatProduct = {
    id: r.product.id,
    slug: r.product.slug,
    title: r.product.title,
    status: r.product.status,
    photo: r.product.photo ? photoImage(r.product.photo) : null,
    price: Math.min(...(inStock.length ? inStock : sizes).map((s) => s.price), Number.MAX_SAFE_INTEGER) || 0,
    sizes,
  };
  if (product.price === Number.MAX_SAFE_INTEGER) product.price = 0;
  return {
    id: chat.id,
    product,
    interlocutor: toPerson(r.person),
    role: roleOf(chat, userId),
    last_message: r.last
      ? toMessage(messageFromJson(r.last), chat, r.last_offer ? offerFromJson(r.last_offer) : null, now)
      : null,
    unread_count: Number(r.unread),
    blocked: Boolean(r.blocked),
    created_at: chat.createdAt.toISOString(),
  };
}

/** One conversation's card for a participant. @throws ApiError 404 for anyone else */
export async function chatCard(conn: Conn, userId: number, chatId: number, now: Date): Promise<Chat> {
  const [r] = await queryRows<CardRow>(
    conn as Db,
    cardsSql(userId, sql`c.id = ${chatId} and (c.buyer_id = ${userId} or c.seller_id = ${userId})`),
  );
  if (!r) throw chatNotFound();
  return toCard(r, userId, now);
}

/**
 * `GET /v1/chats/`: the user's conversations with a message, most recent first (a DRF page), and the unread total.
 * A conversation opened without a message yet is listed too (so «Написать продавцу» shows it at once).
 * @throws ApiError 404 for a page past the end
 */
export async function chatPage(conn: Conn, userId: number, q: PageQuery, url: string, now: Date): Promise<ChatPage> {
  const mine = sql`(c.buyer_id = ${userId} or c.seller_id = ${userId})`;
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    conn as Db,
    sql`select count(*)::int as n from chats c where ${mine}`,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await queryRows<CardRow>(
    conn as Db,
    cardsSql(userId, sql`${mine} order by c.last_message_at desc, c.id desc limit ${limit} offset ${offset}`),
  );
  return {
    ...makePage(
      url,
      q,
      Number(n),
      rows.map((r) => toCard(r, userId, now)),
    ),
    unread_total: await unreadTotal(conn, userId),
  };
}
