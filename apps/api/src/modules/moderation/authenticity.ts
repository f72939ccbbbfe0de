/**
 * Luxury checks, staff's side (`POST /v1/admin/products/{id}/authenticity/approve/`, `…/decline/` `{"reason"}`): a
 * luxury brand's listing waiting in `pending_review` is approved — it goes public (`active`, `verified_at`, the
 * «Проверено» badge; followers hear of it as of any new listing) — or declined — it goes back to the seller's
 * drafts with the reason, to add proof and publish again. The owner is notified (`listing.moderated`); the public
 * caches are purged on every process; audit rows `product.authenticity_approve` / `…_decline`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { ApiError } from '../../lib/errors.js';
import { lockListing, PUBLIC_CACHE_PURGE_CHANNEL } from './block.js';

/** The answer of both calls. */
export interface AuthenticityState {
  id: number;
  status: string;
  verified: boolean;
  review_decline_reason: string | null;
}

/**
 * Approves or declines a listing's proof of authenticity.
 * @param decision `approve` (public with «Проверено») or `decline` (back to drafts with `reason`)
 * @param reason staff's reason (required for a decline; the seller reads it), kept in the audit row
 * @throws ApiError 404 unknown or deleted; 409 not waiting for a check
 */
export async function decideAuthenticity(
  app: FastifyInstance,
  staffId: number,
  id: number,
  decision: 'approve' | 'decline',
  reason: string,
): Promise<AuthenticityState> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const p = await lockListing(tx, id);
    if (p.status !== 'pending_review') throw new ApiError(409, { detail: 'Объявление не ждёт проверки подлинности.' });
    const approve = decision === 'approve';
    const state: AuthenticityState = approve
      ? { id, status: 'active', verified: true, review_decline_reason: null }
      : { id, status: 'draft', verified: false, review_decline_reason: reason };
    await tx
      .update(products)
      .set({
        status: state.status,
        verifiedAt: approve ? now : null,
        reviewDeclineReason: state.review_decline_reason,
        publishedAt: approve ? (p.publishedAt ?? now) : p.publishedAt,
        updatedAt: now,
      })
      .where(eq(products.id, id));
    await writeAudit(tx, {
      staffId,
      at: now,
      action: approve ? 'product.authenticity_approve' : 'product.authenticity_decline',
      objectType: 'product',
      objectId: id,
      reason,
      details: { status: state.status },
    });
    await app.events.emit(tx, 'listing.moderated', {
      listingId: id,
      action: approve ? 'verified' : 'review_declined',
      reason,
    });
    if (approve && p.publishedAt === null)
      await app.events.emit(tx, 'listing.published', { listingId: id, ownerId: p.ownerId });
    if (approve) await app.pubsub.publish(tx, PUBLIC_CACHE_PURGE_CHANNEL, { product: id });
    return state;
  });
}
