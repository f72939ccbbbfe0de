/**
 * Deleting one's account («Удалить аккаунт», 152-ФЗ).
 *
 * `POST /v1/users/me/delete/send-code/` sends a code (purpose `delete`) to the account's phone through the auth
 * module's code machinery (hashed, 5 minutes, 5 tries, every SMS limit and wrong-try cap); `POST
 * /v1/users/me/delete/` with that code erases the person in ONE transaction ({@link eraseUser}). The erasure is
 * the one place that writes other modules' tables directly: 152-ФЗ needs it all-or-nothing, and an event
 * handled later could leave half a person behind. Open orders block it (409, {@link refuseOpenOrders}).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, type BlockingOrder } from '@vitrina/contract/account';
import { orderStatusLabel } from '@vitrina/contract/orders';
import {
  cards,
  cartItems,
  deliveryPoints,
  favorites,
  notificationSettings,
  notificationSms,
  notifications,
  orders,
  products,
  smsCodes,
  smsOutbox,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { ApiError, badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { revokeUserTokensIn, sendCode, useCode } from '../auth/index.js';
import { removeImage, storageOfKey } from '../media/index.js';
import { eraseChatAuthor } from '../chats/index.js';

/** Domain event written in the erasure's transaction: `{userId}`. */
export const USER_DELETED_EVENT = 'user.deleted';

/** Order states that block deletion: money or goods are still on their way (or a claim is open). */
export const OPEN_ORDER_STATUSES = ['awaiting_payment', 'paid', 'shipped', 'delivered', 'disputed'] as const;

const [DELETED_FIRST, DELETED_LAST] = [DELETED_USER_NAME.split(' ')[0]!, DELETED_USER_NAME.split(' ')[1]!];

/** The caller's orders (as buyer or seller) that are not finished, oldest first. */
async function openOrders(db: Tx | FastifyInstance['db'], userId: number): Promise<BlockingOrder[]> {
  const rows = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, sellerId: orders.sellerId })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .orderBy(orders.id);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    role: r.sellerId === userId ? 'seller' : 'buyer',
    status: r.status,
    status_label: orderStatusLabel(r.status),
  }));
}

/**
 * Throws the 409 that names the open orders and says what to do with each side of them.
 * @throws ApiError 409 `{detail, orders: [{id, number, role, status, status_label}]}`
 */
async function refuseOpenOrders(db: Tx | FastifyInstance['db'], userId: number): Promise<void> {
  const open = await openOrders(db, userId);
  if (!open.length) return;
  const list = open.map((o) => `${o.number} (${o.role === 'seller' ? 'продажа' : 'покупка'}, «${o.status_label}»)`);
  const todo: string[] = [];
  if (open.some((o) => o.role === 'buyer'))
    todo.push('по покупкам — оплатите или отмените неоплаченные, получите отправленные и подтвердите получение');
  if (open.some((o) => o.role === 'seller'))
    todo.push('по продажам — отправьте оплаченные заказы и дождитесь, когда покупатель их получит');
  const detail =
    `Удалить аккаунт пока нельзя: ${open.length === 1 ? 'не завершён заказ' : 'не завершены заказы'} ` +
    `${list.join(', ')}. Сначала завершите их: ${todo.join('; ')}. После этого аккаунт можно будет удалить.`;
  throw new ApiError(409, { detail, orders: open } as unknown as { detail: string });
}

/** A phone for the person's eyes with the middle hidden: `+7 999 ***-**-67` (other countries: `+44***4567`). */
export function maskedPhone(e164: string): string {
  if (/^\+7\d{10}$/.test(e164)) return `+7 ${e164.slice(2, 5)} ***-**-${e164.slice(-2)}`;
  return e164.length < 8 ? '***' : `${e164.slice(0, 3)}***${e164.slice(-4)}`;
}

/** The live account's phone, or 400 when it has none (a demo seller cannot receive a code). */
async function accountPhone(app: FastifyInstance, userId: number): Promise<string> {
  const [u] = await app.db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!u) throw notFound('Аккаунт не найден.');
  if (!u.phone) throw badRequest('У аккаунта нет номера телефона: код подтверждения отправить некуда.');
  return u.phone;
}

/**
 * `POST /v1/users/me/delete/send-code/`: sends the confirmation code to the account's own phone. Open orders are
 * checked first, so no code is sent that could not be used.
 * @param ip the client key (lib/client-address.ts `clientKey`: the /64 for IPv6; the SMS limits per address)
 * @returns the masked phone, seconds before another code may be asked, the code's length
 * @throws ApiError 409 (open orders), 429 + Retry-After (SMS limits), 503 (SMS not delivered)
 */
export async function sendDeleteCode(app: FastifyInstance, userId: number, ip: string) {
  const phone = await accountPhone(app, userId);
  await refuseOpenOrders(app.db, userId);
  const res = await sendCode(app, { phone, ip, purpose: 'delete' }).catch((err: unknown) => {
    // The body has no phone field: a refusal of the account's number (outside SMS_COUNTRIES) is a plain message.
    const phoneErrors = err instanceof ApiError && err.statusCode === 400 && (err.body as FieldErrors).phone;
    if (!phoneErrors) throw err;
    throw badRequest(`${phoneErrors[0]} Подтвердить удаление по SMS нельзя — напишите в поддержку.`);
  });
  return {
    success: true as const,
    phone: maskedPhone(phone),
    retry_after: res.retryAfter,
    code_length: app.config.sms.codeLength,
  };
}

/**
 * `POST /v1/users/me/delete/`: checks the code and erases the account ({@link eraseUser}); the avatar's files go
 * after the commit. A wrong code changes nothing but counts against the code's tries.
 * @param code the digits from the SMS (spaces and dashes ignored)
 * @throws ApiError 400 `{code: [...]}` (wrong, expired or used code), 409 (open orders), 429 (too many wrong tries)
 */
export async function deleteAccount(app: FastifyInstance, userId: number, code: string, ip: string) {
  const phone = await accountPhone(app, userId);
  const digits = code.replace(/[\s\u00a0-]/g, '');
  const len = app.config.sms.codeLength;
  if (!new RegExp(`^\\d{${len}}$`).test(digits))
    throw badRequest({ code: [`Код из SMS — ${len} ${len < 5 ? 'цифры' : 'цифр'}.`] });
  // One transaction: the code is used up only if the erasure commits; a wrong try commits its count and nothing else.
  const res = await app.db.transaction(async (tx) => {
    const used = await useCode(app, tx, { phone, code: digits, ip, purpose: 'delete' });
    if (!used.ok) return used;
    return { ok: true as const, media: await eraseUser(app, tx, userId) };
  });
  if (!res.ok) throw badRequest({ code: [res.detail] });
  await Promise.all(res.media.map((key) => removeImage(storageOfKey(app, key), key)));
  return { success: true as const };
}

/**
 * Erases a person inside `tx`: their listings are withdrawn (status `deleted`: not shown, not buyable; others'
 * carts and favourites see them unavailable), subscriptions both ways, own favourites, delivery points, cards
 * (neither payment provider offers deleting a saved card token, so the rows holding the tokens are deleted),
 * the recipient name and phone given at checkout, notifications and their settings, others' notifications that name the person (new subscriber, new listings),
 * sign-in codes and tokens (the sockets close on every process when `tx` commits) go; in the messenger the person's
 * messages lose their text and photos (the threads stay readable by the other side, who sees {@link DELETED_USER_NAME}),
 * their offers and blocks go, and others' «new message» notices naming them; the user row stays for the orders and
 * conversations that name it, anonymised: no phone (the number may sign up
 * again as a new account), name {@link DELETED_USER_NAME}, no avatar, city or about. Emits
 * {@link USER_DELETED_EVENT}. Locks the user's offers and listings first, in the order checkout takes them, so an
 * order racing the deletion either lands first (and blocks it) or finds the listing gone.
 * @returns the media keys to remove after the commit (the avatar, the messages' photos)
 * @throws ApiError 409 (open orders), 404 (already deleted)
 */
export async function eraseUser(app: FastifyInstance, tx: Tx, userId: number): Promise<string[]> {
  const now = app.clock.now();
  await tx.execute(sql`select o.id from offers o join products p on p.id = o.product_id
    where p.owner_id = ${userId} order by o.id for update of o`);
  await tx.execute(sql`select id from products where owner_id = ${userId} order by id for update`);
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!u || u.deletedAt) throw notFound('Аккаунт не найден.');
  await refuseOpenOrders(tx, userId);

  await tx
    .update(products)
    .set({ status: 'deleted', updatedAt: now })
    .where(and(eq(products.ownerId, userId), sql`${products.status} <> 'deleted'`));
  await tx.delete(subscriptions).where(or(eq(subscriptions.subscriberId, userId), eq(subscriptions.sellerId, userId)));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(deliveryPoints).where(eq(deliveryPoints.userId, userId));
  await tx.delete(cards).where(eq(cards.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  // Others' notifications that name the person: «Анна теперь следит…», «Анна: новая вещь».
  await tx.delete(notifications).where(inArray(notifications.groupKey, [`subscriber:${userId}`, `listings:${userId}`]));
  // Others' «Новое сообщение: Анна» notices of conversations with the person.
  await tx.execute(sql`delete from notifications where group_key in
    (select 'chat:' || id from chats where buyer_id = ${userId} or seller_id = ${userId})`);
  const chatPhotos = await eraseChatAuthor(tx, userId);
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(notificationSms).where(eq(notificationSms.userId, userId));
  if (u.phone) {
    await tx.delete(smsCodes).where(eq(smsCodes.phone, u.phone));
    await tx.delete(smsOutbox).where(eq(smsOutbox.phone, u.phone));
  }
  // The recipient given at checkout (name, phone) goes with the person; the orders stay for the books.
  await tx.update(orders).set({ recipientName: null, recipientPhone: null }).where(eq(orders.buyerId, userId));
  await revokeUserTokensIn(app, tx, { userId });
  await tx
    .update(users)
    .set({
      phone: null,
      firstName: DELETED_FIRST,
      lastName: DELETED_LAST,
      avatar: null,
      city: '',
      about: '',
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  await app.events.emit(tx, USER_DELETED_EVENT, { userId });
  return [...(u.avatar ? [u.avatar] : []), ...chatPhotos];
}
