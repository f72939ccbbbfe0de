/**
 * Safety in the messenger: blocking a person (they can no longer write to the blocker: 403), the list of people one
 * blocked, reports of a conversation kept for the back office (`chat_reports`), and the erasure of a deleted
 * account's messages (152-ФЗ: text and photos gone, the thread still readable by the other side).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReportReason } from '@vitrina/contract/chats';
import type { Tx } from '../../db/client.js';
import { chatMessages, chatReports, priceOffers, userBlocks, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { chatFor } from './read.js';
import { toPerson } from './list.js';

/** A live user (404 otherwise: a deleted account cannot be blocked anew). */
async function liveUser(app: FastifyInstance, id: number) {
  const [u] = await app.db.select().from(users).where(eq(users.id, id));
  if (!u || u.deletedAt) throw notFound('Пользователь не найден.');
  return u;
}

const personOf = (u: typeof users.$inferSelect) =>
  toPerson({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    avatar: u.avatar,
    deleted_at: u.deletedAt ? u.deletedAt.toISOString() : null,
  });

/**
 * `POST /v1/users/{id}/block/`: the person can no longer write to the caller (repeating it changes nothing).
 * @throws ApiError 400 (oneself), 404 (no such live user)
 */
export async function blockUser(app: FastifyInstance, userId: number, targetId: number) {
  if (targetId === userId) throw badRequest('Нельзя заблокировать самого себя.');
  const u = await liveUser(app, targetId);
  const now = app.clock.now();
  await app.db
    .insert(userBlocks)
    .values({ blockerId: userId, blockedId: targetId, createdAt: now })
    .onConflictDoNothing();
  const [row] = await app.db
    .select({ at: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, targetId)));
  return { user: personOf(u), blocked_at: (row?.at ?? now).toISOString() };
}

/** `POST /v1/users/{id}/unblock/`: lifts the caller's block (none: nothing happens). @throws ApiError 404 */
export async function unblockUser(app: FastifyInstance, userId: number, targetId: number) {
  const [u] = await app.db.select().from(users).where(eq(users.id, targetId));
  if (!u) throw notFound('Пользователь не найден.');
  await app.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, targetId)));
  return { success: true as const };
}

/** `GET /v1/users/blocked/`: the people the caller blocked, newest first (DRF pages). */
export async function blockedPage(app: FastifyInstance, userId: number, q: PageQuery, url: string) {
  const [{ n } = { n: 0 }] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId));
  const { limit, offset } = pageWindow(q);
  const rows = await app.db
    .select({ u: users, at: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(limit)
    .offset(offset);
  return makePage(
    url,
    q,
    Number(n),
    rows.map((r) => ({ user: personOf(r.u), blocked_at: r.at.toISOString() })),
  );
}

/**
 * `POST /v1/chats/{id}/report/`: a participant reports the conversation; kept for the back office.
 * @throws ApiError 404 for anyone else
 */
export async function reportChat(
  app: FastifyInstance,
  userId: number,
  chatId: number,
  body: { reason: ReportReason; text: string },
) {
  const chat = await chatFor(app.db, userId, chatId);
  const [row] = await app.db
    .insert(chatReports)
    .values({ chatId: chat.id, reporterId: userId, reason: body.reason, text: body.text, createdAt: app.clock.now() })
    .returning();
  return { id: row!.id, reason: row!.reason, created_at: row!.createdAt.toISOString() };
}

/**
 * Erases a deleted account's part of the messenger inside the erasure's transaction: its messages keep their place
 * with no text and no photos (`erased`), its pending and accepted offers are cancelled, its blocks go both ways.
 * @returns the media keys of the erased photos, to remove from the storage after the commit
 */
export async function eraseChatAuthor(tx: Tx, userId: number): Promise<string[]> {
  const withPhotos = await tx
    .select({ photos: chatMessages.photos })
    .from(chatMessages)
    .where(and(eq(chatMessages.authorId, userId), sql`jsonb_array_length(${chatMessages.photos}) > 0`));
  await tx.update(chatMessages).set({ text: '', photos: [], erased: true }).where(eq(chatMessages.authorId, userId));
  await tx
    .update(priceOffers)
    .set({ status: 'cancelled' })
    .where(
      and(
        sql`(${priceOffers.buyerId} = ${userId} or ${priceOffers.sellerId} = ${userId})`,
        inArray(priceOffers.status, ['pending', 'accepted']),
      ),
    );
  await tx.delete(userBlocks).where(sql`${userBlocks.blockerId} = ${userId} or ${userBlocks.blockedId} = ${userId}`);
  return withPhotos.flatMap((m) => m.photos.map((p) => p.key));
}
