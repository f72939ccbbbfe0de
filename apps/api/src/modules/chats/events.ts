/**
 * What the messenger hears and does later:
 *
 * | event / job | what happens |
 * |---|---|
 * | `order.paid`, `order.shipped` (with the tracking number), `order.delivered`, `order.completed`, `order.cancelled` | a system message in the conversation of the order's buyer and (first) listing, made when missing |
 * | `listing.sold_out` | the listing's pending and accepted offers die (`cancelled`), with a line in each thread |
 * | `chats.unread-sms` (timed, {@link UNREAD_SMS_AFTER_MS} after an unread streak began) | the reader gets one SMS per streak under the notification SMS rules (type `chat_message`) |
 * | `chats.offer-expire` (offers.ts) | a pending offer past 24 h expires |
 *
 * Claims (opened, offered, escalated, decided) add lines the same way: the disputes module's subscribers call
 * {@link orderLine} (disputes/chat-lines.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { DomainEventName, EventPayload } from '../jobs/index.js';
import { chats, orders, products, users } from '../../db/schema/index.js';
import { formatRub, queueSms } from '../notifications/index.js';
import { cancelListingOffers } from './offers.js';
import { otherOf, roleOf } from './read.js';
import { appendMessage, ensureOrderChat, UNREAD_SMS_AFTER_MS, UNREAD_SMS_JOB } from './service.js';

/**
 * Writes a system line about an order in its conversation (inside the event's transaction).
 * @param text builds the line from the order row
 */
export async function orderLine(
  app: FastifyInstance,
  tx: Tx,
  orderId: number,
  text: (o: typeof orders.$inferSelect) => string | null,
): Promise<void> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!o) return;
  const line = text(o);
  if (!line) return;
  const { chat } = await ensureOrderChat(app, tx, o);
  await appendMessage(app, tx, chat, null, { kind: 'system', text: line, orderId: o.id });
}

/** The order events the conversation shows a line of. */
type OrderEventName = Extract<
  DomainEventName,
  'order.paid' | 'order.shipped' | 'order.delivered' | 'order.completed' | 'order.cancelled'
>;

/** Subscribes the messenger to the events it shows, and defines its timed jobs. */
export function subscribeChatEvents(app: FastifyInstance): void {
  const on = <N extends OrderEventName>(
    type: N,
    name: string,
    text: (o: typeof orders.$inferSelect, payload: EventPayload<N>) => string | null,
  ) =>
    app.events.subscribe(type, `chats.${name}`, ({ tx, event }) =>
      orderLine(app, tx, event.payload.orderId, (o) => text(o, event.payload)),
    );
  on('order.paid', 'order-paid', (o) => `Заказ ${o.number} оплачен: ${formatRub(o.total)}. Продавец готовит отправку.`);
  on('order.shipped', 'order-shipped', (o) =>
    o.trackingNumber ? `Заказ ${o.number} отправлен. Трек-номер: ${o.trackingNumber}.` : `Заказ ${o.number} отправлен.`,
  );
  on('order.delivered', 'order-delivered', (o) => `Заказ ${o.number} доставлен. Покупатель проверяет вещь.`);
  on('order.completed', 'order-completed', (o, p) =>
    // A dispute's end says its own line (disputes/chat-lines.ts).
    p.by === 'dispute'
      ? null
      : p.by === 'buyer'
        ? `Заказ ${o.number} завершён: покупатель подтвердил получение.`
        : `Заказ ${o.number} завершён: срок проверки вещи прошёл, деньги переданы продавцу.`,
  );
  on('order.cancelled', 'order-cancelled', (o) =>
    // An unpaid order that ran out or failed to pay says nothing to the seller; a paid one does.
    o.paidAt ? `Заказ ${o.number} отменён${o.cancelReason ? `: ${o.cancelReason}` : '.'}` : null,
  );

  app.events.subscribe('listing.sold_out', 'chats.offers-sold-out', async ({ tx, event }) => {
    const id = event.payload.listingId;
    const [p] = await tx.select({ status: products.status }).from(products).where(eq(products.id, id));
    if (!p) return;
    await cancelListingOffers(app, tx, id, 'Вещь продана: предложения цены больше не действуют.');
  });

  app.jobs.define(UNREAD_SMS_JOB, async ({ tx, job, now, afterCommit }) => {
    const chatId = Number(job.payload.chatId);
    const userId = Number(job.payload.userId);
    const [c] = await tx.select().from(chats).where(eq(chats.id, chatId)).for('update');
    if (!c || (c.buyerId !== userId && c.sellerId !== userId)) return;
    const buyer = roleOf(c, userId) === 'buyer';
    const mark = Math.max(buyer ? c.buyerReadId : c.sellerReadId, buyer ? c.buyerSmsId : c.sellerSmsId);
    const author = otherOf(c, userId);
    const rows = await tx.execute(sql`select max(id)::int as id from chat_messages
      where chat_id = ${chatId} and author_id = ${author} and id > ${mark}
        and created_at <= ${new Date(now.getTime() - UNREAD_SMS_AFTER_MS).toISOString()}`);
    const upTo = Number((rows as unknown as { rows: { id: number | null }[] }).rows[0]?.id ?? 0);
    if (!upTo) return;
    await tx
      .update(chats)
      .set(buyer ? { buyerSmsId: upTo } : { sellerSmsId: upTo })
      .where(eq(chats.id, chatId));
    const [who] = await tx
      .select({ firstName: users.firstName, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, author));
    const [p] = await tx.select({ title: products.title }).from(products).where(eq(products.id, c.productId));
    const name = who && !who.deletedAt ? who.firstName || 'Собеседник' : 'Собеседник';
    await queueSms(app, tx, afterCommit, userId, 'chat_message', {
      text: `Витрина: ${name} ждёт ответа о «${p?.title ?? 'объявлении'}». Сообщения — в разделе «Сообщения».`,
    });
  });
}
