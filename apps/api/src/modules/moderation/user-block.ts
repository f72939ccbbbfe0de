/**
 * Staff block and unblock an account (`POST /v1/admin/users/{id}/block/` `{"reason"}`, `…/unblock/`). The block, in
 * one transaction: the account is marked (`blocked_at`, `block_reason`; sign-in is refused naming the reason), every
 * token is deleted and its sockets close on every process (auth's `revokeUserTokensIn`, over the pubsub fan-out),
 * unpaid orders on either side are cancelled (stock back, pending payments cancelled at the provider after the
 * commit), paid sales not yet shipped are cancelled by staff through the seller-cancel path (the buyer's money comes
 * back, `order.cancelled {by: 'staff'}`), and then the account's public listings become `blocked` with
 * `blocked_with_owner` — the public caches are purged everywhere. Shipped sales and the person's own paid purchases
 * go on. The unblock brings back exactly the listings the block hid. Audit rows `user.block`, `user.unblock`.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { orders, products, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { revokeUserTokensIn } from '../auth/index.js';
import { cancelAndRelease, cancelAtProvider, cancelPaidOrder } from '../orders/index.js';
import { PUBLIC_CACHE_PURGE_CHANNEL, upholdReports } from './block.js';

/** Listing statuses a blocked account's listings leave (the public ones and the ones waiting for a check). */
const HIDDEN_WITH_OWNER = ['active', 'pending_review'];

/** Why a paid sale of a blocked seller was cancelled (both sides read it). */
const PAID_SALE_TEXT = 'Аккаунт продавца заблокирован модератором. Деньги возвращаются покупателю.';

/** The answer of both calls. */
export interface UserBlockState {
  id: number;
  blocked: boolean;
  block_reason: string | null;
  /** What the block or unblock did: orders cancelled, sales refunded, listings hidden or restored. */
  effects: { cancelled_orders: number[]; refunded_orders: number[]; listings: number[] };
}

async function lockUser(tx: Tx, id: number) {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!u || u.deletedAt) throw notFound('Пользователь не найден.');
  return u;
}

/**
 * Blocks an account.
 * @param reason staff's reason: the person reads it when sign-in is refused; kept in the audit row `user.block`
 * @throws ApiError 404 unknown or deleted account; 400 staff's own account or another staff member's; 409 already
 *   blocked
 */
export async function blockUser(
  app: FastifyInstance,
  staffId: number,
  id: number,
  reason: string,
): Promise<UserBlockState> {
  const now = app.clock.now();
  const pending: { provider: string; id: string }[] = [];
  const state = await app.db.transaction(async (tx) => {
    const u = await lockUser(tx, id);
    if (u.id === staffId) throw badRequest('Нельзя заблокировать свой аккаунт.');
    if (u.role === 'staff') throw badRequest('Это сотрудник: сначала снимите роль (npm run staff -- remove).');
    if (u.blockedAt) throw new ApiError(409, { detail: 'Пользователь уже заблокирован.' });
    await tx.update(users).set({ blockedAt: now, blockReason: reason }).where(eq(users.id, id));
    const tokens = await revokeUserTokensIn(app, tx, { userId: id });

    const open = await tx
      .select()
      .from(orders)
      .where(
        and(
          or(eq(orders.sellerId, id), eq(orders.buyerId, id)),
          or(eq(orders.status, 'awaiting_payment'), and(eq(orders.sellerId, id), eq(orders.status, 'paid'))),
        ),
      )
      .orderBy(asc(orders.id))
      .for('update');
    const cancelled: number[] = [];
    const refunded: number[] = [];
    for (const o of open) {
      if (o.status === 'awaiting_payment') {
        const text = `Аккаунт ${o.sellerId === id ? 'продавца' : 'покупателя'} заблокирован модератором.`;
        const p = await cancelAndRelease(tx, o.id, now, text, false, 'staff');
        if (!p) continue;
        pending.push(...p);
        await app.events.emit(tx, 'order.cancelled', { orderId: o.id, reason: text, by: 'staff' });
        cancelled.push(o.id);
      } else if (await cancelPaidOrder(app, tx, o, now, 'staff', PAID_SALE_TEXT)) refunded.push(o.id);
    }

    const hidden = await tx
      .update(products)
      .set({
        status: 'blocked',
        statusBeforeBlock: products.status,
        blockReason: `Аккаунт продавца заблокирован: ${reason}`,
        blockedWithOwner: true,
        updatedAt: now,
      })
      .where(and(eq(products.ownerId, id), inArray(products.status, HIDDEN_WITH_OWNER)))
      .returning({ id: products.id });
    const closed = await upholdReports(tx, staffId, now, 'user', id);
    const effects = { cancelled_orders: cancelled, refunded_orders: refunded, listings: hidden.map((h) => h.id) };
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'user.block',
      objectType: 'user',
      objectId: id,
      reason,
      details: { ...effects, tokens: tokens.length, reports: closed },
    });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { user: id });
    return { id, blocked: true, block_reason: reason, effects };
  });
  await cancelAtProvider(app, pending);
  return state;
}

/**
 * Unblocks an account: sign-in works again and the listings the block hid get back the status they had (those staff
 * blocked on their own stay blocked).
 * @param reason staff's comment for the audit row `user.unblock` (may be empty)
 * @throws ApiError 404 unknown or deleted account; 409 not blocked
 */
export async function unblockUser(
  app: FastifyInstance,
  staffId: number,
  id: number,
  reason: string,
): Promise<UserBlockState> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const u = await lockUser(tx, id);
    if (!u.blockedAt) throw new ApiError(409, { detail: 'Пользователь не заблокирован.' });
    await tx.update(users).set({ blockedAt: null, blockReason: null }).where(eq(users.id, id));
    const restored = await tx
      .update(products)
      .set({
        status: sql`coalesce(${products.statusBeforeBlock}, 'draft')`,
        statusBeforeBlock: null,
        blockReason: null,
        blockedWithOwner: false,
        updatedAt: now,
      })
      .where(and(eq(products.ownerId, id), eq(products.status, 'blocked'), eq(products.blockedWithOwner, true)))
      .returning({ id: products.id });
    const effects = { cancelled_orders: [], refunded_orders: [], listings: restored.map((r) => r.id) };
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'user.unblock',
      objectType: 'user',
      objectId: id,
      reason,
      details: { listings: effects.listings, block_reason: u.blockReason },
    });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { user: id });
    return { id, blocked: false, block_reason: null, effects };
  });
}
