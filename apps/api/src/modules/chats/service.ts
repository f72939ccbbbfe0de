/**
 * Conversations and messages: opening one (by listing or by order), posting a message (masked, limited, blocked and
 * deleted accounts refused), marking read. Every write is one transaction that also makes what others hear of it:
 * the recipient's `chat_message` notice (once per conversation while unread), the socket push to the other side
 * (`new_message`, `messages_read`, on commit, every process) and the timed job that texts an unread message after
 * {@link UNREAD_SMS_AFTER_MS}.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { INTERLOCUTOR_DELETED, MESSAGE_TEXT_MAX, OFF_PLATFORM_NOTE } from '@vitrina/contract/chats';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  chatMessages,
  chats,
  orderItems,
  products,
  userBlocks,
  users,
  type MessagePhoto,
} from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { takeUserLimit } from '../../plugins/user-limits.js';
import { markGroupRead, notifyWhileUnread, pushToUser } from '../notifications/index.js';
import { getOrderFor } from '../orders/index.js';
import { imageUrls } from '../media/index.js';
import { chatFromSql, chatFor, otherOf, roleOf, type ChatRow } from './read.js';
import { unreadTotal } from './list.js';

/** An unread message reaches its reader by SMS after this long, ms. */
export const UNREAD_SMS_AFTER_MS = 60 * 60_000;
/** The job that texts an unread message. */
export const UNREAD_SMS_JOB = 'chats.unread-sms';
/** Push kinds (notifications/push.ts): a message (new or changed) and read marks. */
export const PUSH_MESSAGE = 'chat.message';
export const PUSH_READ = 'chat.read';

/** The notice group of a conversation (one `chat_message` notice per conversation while unread). */
export const chatNoticeKey = (chatId: number) => `chat:${chatId}`;

/**
 * The conversation of a buyer about a listing, made when missing (no message yet).
 * @returns the row and whether it was made now
 */
export async function ensureChat(
  tx: Tx,
  at: { buyerId: number; sellerId: number; productId: number; now: Date },
): Promise<{ chat: ChatRow; created: boolean }> {
  const made = await queryRows<Record<string, unknown>>(
    tx as unknown as Db,
    sql`insert into chats (product_id, buyer_id, seller_id, created_at, last_message_at)
        values (${at.productId}, ${at.buyerId}, ${at.sellerId}, ${at.now.toISOString()}, ${at.now.toISOString()})
        on conflict (buyer_id, product_id) do nothing returning *`,
  );
  if (made[0]) return { chat: chatFromSql(made[0]), created: true };
  const [row] = await queryRows<Record<string, unknown>>(
    tx as unknown as Db,
    sql`select * from chats where buyer_id = ${at.buyerId} and product_id = ${at.productId}`,
  );
  return { chat: chatFromSql(row!), created: false };
}

/** Whether `blocker` blocked `blocked`. */
export async function isBlocked(conn: Db | Tx, blocker: number, blocked: number): Promise<boolean> {
  const [r] = await conn
    .select({ id: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
  return Boolean(r);
}

/** The 403 of a person the other one blocked. */
export const blockedError = () => forbidden('Собеседник ограничил вам отправку сообщений: написать ему нельзя.');

/**
 * `POST /v1/chats/` `{"product"}`: the buyer's conversation about a listing (made on the first call: counts against
 * `CHATS_PER_DAY`).
 * @throws ApiError 404 (no such listing on sale), 400 (one's own listing), 403 (the seller blocked the caller), 429
 */
export async function openByProduct(app: FastifyInstance, userId: number, productId: number) {
  const [p] = await app.db
    .select({ id: products.id, ownerId: products.ownerId, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  if (!p || p.status === 'draft' || p.status === 'deleted') throw notFound('Объявление не найдено.');
  if (p.ownerId === userId) throw badRequest({ product: ['Это ваше объявление: писать себе нельзя.'] });
  return app.db.transaction(async (tx) => {
    const res = await ensureChat(tx, { buyerId: userId, sellerId: p.ownerId, productId, now: app.clock.now() });
    if (res.created) {
      if (await isBlocked(tx, p.ownerId, userId)) throw blockedError();
      await takeUserLimit(app, userId, 'chatsOpened', 1, tx);
    }
    return res;
  });
}

/**
 * `POST /v1/chats/` `{"order"}`: the conversation of an order's buyer about its (first) listing, for either side.
 * @throws ApiError 404 for anyone but the order's buyer and seller
 */
export async function openByOrder(app: FastifyInstance, userId: number, orderId: number) {
  const o = await getOrderFor(app, userId, orderId);
  return app.db.transaction((tx) => ensureOrderChat(app, tx, o));
}

/** The conversation of an order (its buyer and first listing), made when missing. */
export async function ensureOrderChat(
  app: FastifyInstance,
  tx: Tx,
  o: { id: number; buyerId: number; sellerId: number },
) {
  const [item] = await tx
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id))
    .limit(1);
  if (!item) throw notFound('Заказ не найден.');
  return ensureChat(tx, { buyerId: o.buyerId, sellerId: o.sellerId, productId: item.productId, now: app.clock.now() });
}

/** What a person sends: text (already trimmed) and photos stored by the media pipeline. */
export interface MessageInput {
  text: string;
  photos: MessagePhoto[];
}

/**
 * Checks that the caller may write in the conversation now.
 * @throws ApiError 400 «Собеседник удалил аккаунт», 403 when the other person blocked the caller
 */
export async function checkCanWrite(tx: Tx, chat: ChatRow, userId: number): Promise<void> {
  const other = otherOf(chat, userId);
  const [u] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, other));
  if (!u || u.deletedAt) throw badRequest(INTERLOCUTOR_DELETED);
  if (await isBlocked(tx, other, userId)) throw blockedError();
}

/**
 * Appends a message to a conversation inside `tx` and makes what the other side hears of it: the notice, the push,
 * the unread SMS job. Moves the conversation to the top of both lists.
 * @param authorId null for a system message (no notice, no SMS: it is pushed to both sides)
 * @returns the message id
 */
export async function appendMessage(
  app: FastifyInstance,
  tx: Tx,
  chat: ChatRow,
  authorId: number | null,
  m: { kind: 'text' | 'system' | 'offer'; text: string; photos?: MessagePhoto[]; offerId?: number; orderId?: number },
): Promise<number> {
  const now = app.clock.now();
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId: chat.id,
      authorId,
      kind: m.kind,
      text: m.text,
      photos: m.photos ?? [],
      offerId: m.offerId ?? null,
      orderId: m.orderId ?? null,
      createdAt: now,
    })
    .returning({ id: chatMessages.id });
  const id = row!.id;
  await tx.update(chats).set({ lastMessageId: id, lastMessageAt: now }).where(eq(chats.id, chat.id));
  if (authorId === null) {
    for (const u of [chat.buyerId, chat.sellerId]) await pushToUser(app, tx, u, PUSH_MESSAGE, { c: chat.id, m: id });
    return id;
  }
  const to = otherOf(chat, authorId);
  await pushToUser(app, tx, to, PUSH_MESSAGE, { c: chat.id, m: id });
  await noticeTo(app, tx, chat, authorId, to, m.text, m.photos?.length ?? 0);
  // One job per unread streak: keyed by the streak's first message (the reader's mark moves → a new streak).
  const readId = roleOf(chat, to) === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
  const [first] = await queryRows<{ id: number }>(
    tx as unknown as Db,
    sql`select min(id)::int as id from chat_messages where chat_id = ${chat.id} and author_id = ${authorId}
        and id > ${readId}`,
  );
  const streak = Number(first?.id ?? id);
  await app.jobs.enqueue(
    tx,
    UNREAD_SMS_JOB,
    { chatId: chat.id, userId: to },
    { runAt: new Date(now.getTime() + UNREAD_SMS_AFTER_MS), key: `chat-sms:${chat.id}:${to}:${streak}` },
  );
  return id;
}

/** The recipient's `chat_message` notice: one per conversation while unread, renewed with the latest text. */
async function noticeTo(
  app: FastifyInstance,
  tx: Tx,
  chat: ChatRow,
  authorId: number,
  to: number,
  text: string,
  photos: number,
) {
  const [who] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, authorId));
  const [p] = await queryRows<{ title: string; key: string | null }>(
    tx as unknown as Db,
    sql`select p.title, (select key from product_photos ph where ph.product_id = p.id order by ph.position, ph.id
        limit 1) as key from products p where p.id = ${chat.productId}`,
  );
  const name = who ? `${who.firstName} ${who.lastName}`.trim() : '';
  const body = text.trim() || (photos ? 'Фотография' : 'Сообщение');
  await notifyWhileUnread(app, tx, to, chatNoticeKey(chat.id), {
    type: 'chat_message',
    title: name ? `Новое сообщение: ${name}` : 'Новое сообщение',
    text: `«${p?.title ?? 'Объявление'}»: ${body.length > 140 ? `${body.slice(0, 139)}…` : body}`,
    link: `/account/messenger?chat=${chat.id}`,
    image: p?.key ? imageUrls(p.key).url_small : null,
  });
}

/**
 * `POST /v1/chats/{id}/messages/`: a participant's message (contacts masked, with the note after it).
 * @throws ApiError 404 (not the caller's), 400 (empty, too long, the other side deleted the account), 403 (blocked),
 *   429 (`CHAT_MESSAGES_PER_MINUTE`)
 */
export async function postMessage(
  app: FastifyInstance,
  userId: number,
  chatId: number,
  input: MessageInput,
  masked: { text: string; masked: boolean },
): Promise<number> {
  if (!input.text && !input.photos.length) throw badRequest({ text: ['Напишите сообщение или приложите фото.'] });
  if (input.text.length > MESSAGE_TEXT_MAX)
    throw badRequest({ text: [`Сообщение — не больше ${MESSAGE_TEXT_MAX} символов.`] });
  return app.db.transaction(async (tx) => {
    const chat = await chatFor(tx, userId, chatId, true);
    await checkCanWrite(tx, chat, userId);
    await takeUserLimit(app, userId, 'chatMessages', 1, tx);
    if (input.photos.length) await takeUserLimit(app, userId, 'photos', input.photos.length, tx);
    const id = await appendMessage(app, tx, chat, userId, { kind: 'text', text: masked.text, photos: input.photos });
    if (masked.masked) await appendMessage(app, tx, chat, null, { kind: 'system', text: OFF_PLATFORM_NOTE });
    return id;
  });
}

/**
 * `POST /v1/chats/{id}/read/`: marks the other side's messages read up to the newest; the author hears it
 * (`messages_read`) and the reader's notice of the conversation is read.
 * @throws ApiError 404 for anyone but the participants
 */
export async function markChatRead(app: FastifyInstance, userId: number, chatId: number) {
  return app.db.transaction(async (tx) => {
    const chat = await chatFor(tx, userId, chatId, true);
    const role = roleOf(chat, userId);
    const upTo = chat.lastMessageId ?? 0;
    const before = role === 'buyer' ? chat.buyerReadId : chat.sellerReadId;
    if (upTo > before) {
      await tx
        .update(chats)
        .set(role === 'buyer' ? { buyerReadId: upTo } : { sellerReadId: upTo })
        .where(eq(chats.id, chat.id));
      await pushToUser(app, tx, otherOf(chat, userId), PUSH_READ, { c: chat.id, up: upTo });
    }
    await markGroupRead(app, tx, userId, chatNoticeKey(chat.id));
    return { success: true as const, up_to: upTo, unread_total: await unreadTotal(tx, userId) };
  });
}

/** A message's text from its form: line breaks normalised, trimmed. */
export const textOf = (fields: Record<string, string>) => (fields.text ?? '').replace(/\r\n/g, '\n').trim();
