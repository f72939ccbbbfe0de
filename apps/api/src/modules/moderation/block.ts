/**
 * Staff block and unblock a listing (`POST /v1/admin/products/{id}/block/` `{"reason"}`, `…/unblock/`): a blocked
 * listing (status `blocked`, the reason and the status it replaced kept on the row) answers 404 to everyone but its
 * owner, who sees «Заблокировано» with the reason and may only delete it; it leaves every public list because they
 * show `active` listings only. The micro-caches of public answers are purged on every process over the pubsub
 * fan-out ({@link PUBLIC_CACHE_PURGE_CHANNEL}) on commit, instead of waiting out their lifetime. The block closes
 * the listing's open reports as `upheld`; each action writes its audit row in the same transaction, and
 * `listing.moderated` tells the owner (notifications).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { offers, products, reportCases, reports } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { ApiError, notFound } from '../../lib/errors.js';

/** Pubsub channel: every process clears its micro-cache of public answers. */
export const PUBLIC_CACHE_PURGE_CHANNEL = 'public_cache_purge';

/** Statuses a block may replace (a reserved or sold listing belongs to an order first). */
const BLOCKABLE = ['active', 'draft'];

/** Locks the listing the way checkout does (its offers, then the row); 404 for unknown or deleted. */
export async function lockListing(tx: Tx, id: number) {
  await tx.select({ id: offers.id }).from(offers).where(eq(offers.productId, id)).orderBy(asc(offers.id)).for('update');
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), ne(products.status, 'deleted')))
    .for('update');
  if (!row) throw notFound('Товар не найден.');
  return row;
}

/** Closes the object's open case and its open reports as `upheld`; returns the closed reports' ids. */
export async function upholdReports(tx: Tx, staffId: number, at: Date, type: 'product' | 'user', id: number) {
  const [c] = await tx
    .update(reportCases)
    .set({ status: 'upheld', closedAt: at, closedBy: staffId })
    .where(and(eq(reportCases.objectType, type), eq(reportCases.objectId, id), eq(reportCases.status, 'open')))
    .returning({ id: reportCases.id });
  if (!c) return [];
  const closed = await tx
    .update(reports)
    .set({ status: 'upheld', closedAt: at })
    .where(and(eq(reports.caseId, c.id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.map((r) => r.id);
}

/** The answer of both calls. */
export interface BlockState {
  id: number;
  status: string;
  block_reason: string | null;
}

/**
 * Blocks a listing.
 * @param reason staff's reason, shown to the owner and kept in the audit row `product.block`
 * @throws ApiError 404 unknown or deleted; 409 already blocked, or reserved/sold (an order holds it)
 */
export async function blockProduct(
  app: FastifyInstance,
  staffId: number,
  id: number,
  reason: string,
): Promise<BlockState> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const p = await lockListing(tx, id);
    if (p.status === 'blocked') throw new ApiError(409, { detail: 'Объявление уже заблокировано.' });
    if (!BLOCKABLE.includes(p.status))
      throw new ApiError(409, {
        detail: `Товар ${p.status === 'sold' ? 'продан' : 'забронирован покупателем'}: сначала решается заказ.`,
      });
    await tx
      .update(products)
      .set({ status: 'blocked', blockReason: reason, statusBeforeBlock: p.status, updatedAt: now })
      .where(eq(products.id, id));
    const closed = await upholdReports(tx, staffId, now, 'product', id);
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'product.block',
      objectType: 'product',
      objectId: id,
      reason,
      details: { previous_status: p.status, reports: closed },
    });
    await app.events.emit(tx, 'listing.moderated', { listingId: id, action: 'blocked', reason });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { product: id });
    return { id, status: 'blocked', block_reason: reason };
  });
}

/**
 * Unblocks a listing: it gets back the status the block replaced.
 * @param reason staff's comment for the audit row `product.unblock` (may be empty)
 * @throws ApiError 404 unknown or deleted; 409 not blocked
 */
export async function unblockProduct(
  app: FastifyInstance,
  staffId: number,
  id: number,
  reason: string,
): Promise<BlockState> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const p = await lockListing(tx, id);
    if (p.status !== 'blocked') throw new ApiError(409, { detail: 'Объявление не заблокировано.' });
    const status = p.statusBeforeBlock ?? 'draft';
    await tx
      .update(products)
      .set({ status, blockReason: null, statusBeforeBlock: null, blockedWithOwner: false, updatedAt: now })
      .where(eq(products.id, id));
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'product.unblock',
      objectType: 'product',
      objectId: id,
      reason,
      details: { status, block_reason: p.blockReason },
    });
    await app.events.emit(tx, 'listing.moderated', { listingId: id, action: 'unblocked' });
    await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { product: id });
    return { id, status, block_reason: null };
  });
}
