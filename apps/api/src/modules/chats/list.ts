/**
 * The conversation list for one of the two participants: the cards (listing, the other person, the last message,
 * unread count — one query per page) and the unread total. Money: kopecks in rows, rubles in answers.
 */
import { sql } from 'drizzle-orm';
import type { Chat, ChatPage, ChatPerson, ChatProduct } from '@vitrina/contract/chats';
import { DELETED_USER_NAME } from '@vitrina/contract/account';
import { queryRows, type Db } from '../../db/client.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { avatarImage } from '../social/index.js';
import {
  chatFromSql,
  chatNotFound,
  messageFromJson,
  offerFromJson,
  photoImage,
  roleOf,
  toMessage,
  type Conn,
  type ReadAt,
} from './read.js';

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

function toCard(r: CardRow, userId: number, at: ReadAt): Chat {
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
      ? toMessage(messageFromJson(r.last), chat, r.last_offer ? offerFromJson(r.last_offer) : null, at)
      : null,
    unread_count: Number(r.unread),
    blocked: Boolean(r.blocked),
    created_at: chat.createdAt.toISOString(),
  };
}

/** One conversation's card for a participant. @throws ApiError 404 for anyone else */
export async function chatCard(conn: Conn, userId: number, chatId: number, at: ReadAt): Promise<Chat> {
  const [r] = await queryRows<CardRow>(
    conn as Db,
    cardsSql(userId, sql`c.id = ${chatId} and (c.buyer_id = ${userId} or c.seller_id = ${userId})`),
  );
  if (!r) throw chatNotFound();
  return toCard(r, userId, at);
}

/**
 * `GET /v1/chats/`: the user's conversations with a message, most recent first (a DRF page), and the unread total.
 * A conversation opened without a message yet is listed too (so «Написать продавцу» shows it at once).
 * @throws ApiError 404 for a page past the end
 */
export async function chatPage(conn: Conn, userId: number, q: PageQuery, url: string, at: ReadAt): Promise<ChatPage> {
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
      rows.map((r) => toCard(r, userId, at)),
    ),
    unread_total: await unreadTotal(conn, userId),
  };
}
