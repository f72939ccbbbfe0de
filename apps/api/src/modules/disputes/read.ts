/**
 * Reading claims (docs/decisions/0020-claims-and-disputes.md): a claim as the sides and staff read it, the order's
 * claim for its buyer or seller (`GET /v1/sales/orders/{id}/claim/`), and staff's DRF pages of disputes with the
 * order and its history (`GET /v1/admin/disputes/`). Money: kopecks in the DB, rubles in answers.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CLAIM_WINDOW_HOURS,
  claimActionLabel,
  claimReasonLabel,
  claimStatusLabel,
  disputeDecisionLabel,
  type Claim,
  type ClaimStatus,
  type Dispute,
  type DisputeFilter,
  type OrderClaim,
} from '@vitrina/contract/disputes';
import type { Db, Tx } from '../../db/client.js';
import { claims, orders } from '../../db/schema/index.js';
import { toRubles } from '../../lib/money.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import type { PrivateMediaLinks } from '../media/index.js';
import { loadOrders, type OrderRow } from '../orders/index.js';

export type ClaimRow = typeof claims.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Claim photos: signed links for the sides and staff, working about an hour (decision 0150). */
const photosOut = (keys: string[], media: PrivateMediaLinks) =>
  keys.map((k) => {
    const u = media.image(k);
    return { url: u.url, url_small: u.url_small, url_large: u.url_large, srcset: u.srcset };
  });

/**
 * A claim row → its answer, for one who may see it (a side of the order or staff).
 * @param media the signer of the photos' links (`app.privateMedia`)
 */
export function claimOut(c: ClaimRow, media: PrivateMediaLinks): Claim {
  return {
    id: c.id,
    order_id: c.orderId,
    status: c.status as ClaimStatus,
    status_label: claimStatusLabel(c.status),
    reason: c.reason,
    reason_label: claimReasonLabel(c.reason),
    text: c.text,
    photos: photosOut(c.photos, media),
    created_at: c.createdAt.toISOString(),
    reply_by: c.replyBy.toISOString(),
    reply:
      c.replyAction && c.repliedAt
        ? {
            action: c.replyAction,
            action_label: claimActionLabel(c.replyAction),
            text: c.replyText ?? '',
            photos: photosOut(c.replyPhotos, media),
            replied_at: c.repliedAt.toISOString(),
          }
        : null,
    offer_amount: c.offerAmount === null ? null : toRubles(c.offerAmount),
    answer_by: iso(c.answerBy),
    offer_answer: c.offerAnswer,
    escalated_at: iso(c.escalatedAt),
    escalated_why: c.escalatedWhy,
    decision:
      c.decision && c.decidedAt
        ? {
            decision: c.decision,
            label: disputeDecisionLabel(c.decision),
            amount: toRubles(c.decisionAmount ?? 0),
            decided_by: c.decidedBy ?? 'staff',
            comment: c.decisionComment ?? '',
            decided_at: c.decidedAt.toISOString(),
          }
        : null,
  };
}

/** The claim of an order, or undefined; under its row lock when `lock`. */
export async function claimOfOrder(db: Db | Tx, orderId: number, lock = false): Promise<ClaimRow | undefined> {
  const q = db.select().from(claims).where(eq(claims.orderId, orderId));
  const [c] = lock ? await q.for('update') : await q;
  return c;
}

/**
 * Until when the buyer may open a claim on an order: null while shipped (no end until delivery), the instant 48
 * hours after `delivered_at` while delivered; undefined when not at all (any other status).
 */
export function claimWindow(o: Pick<OrderRow, 'status' | 'deliveredAt'>): Date | null | undefined {
  if (o.status === 'shipped') return null;
  if (o.status === 'delivered' && o.deliveredAt)
    return new Date(o.deliveredAt.getTime() + CLAIM_WINDOW_HOURS * 3_600_000);
  return undefined;
}

/** The order's claim for one of its sides, and whether the caller (the buyer) may open one now. */
export function orderClaimOut(
  o: OrderRow,
  c: ClaimRow | undefined,
  viewerId: number,
  now: Date,
  media: PrivateMediaLinks,
): OrderClaim {
  const until = claimWindow(o);
  const canOpen = !c && o.buyerId === viewerId && until !== undefined && (until === null || now < until);
  return {
    claim: c ? claimOut(c, media) : null,
    can_open: canOpen,
    open_until: canOpen && until ? until.toISOString() : null,
  };
}

const FILTER_STATUSES: Record<DisputeFilter, ClaimStatus[] | null> = {
  all: null,
  open: ['open', 'offered'],
  escalated: ['escalated'],
  decided: ['decided'],
};

/** One dispute for staff: the claim and the order as its seller sees it (its `history` with the claim's steps). */
export async function disputeOut(app: FastifyInstance, c: ClaimRow): Promise<Dispute> {
  const db: Db = app.db;
  const [row] = await db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, c.orderId));
  const [order] = await loadOrders(app, [c.orderId], row!.sellerId);
  return { claim: claimOut(c, app.privateMedia), order: order! };
}

/** A DRF page of disputes for staff, newest first, by filter. */
export async function disputesPage(
  app: FastifyInstance,
  url: string,
  q: PageQuery,
  filter: DisputeFilter,
): Promise<Page<Dispute>> {
  const statuses = FILTER_STATUSES[filter];
  const conds: SQL[] = statuses ? [inArray(claims.status, statuses)] : [];
  const where = conds.length ? and(...conds) : undefined;
  const count = await app.db.$count(claims, where);
  const { limit, offset } = pageWindow(q);
  const rows = await app.db
    .select()
    .from(claims)
    .where(where)
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(limit)
    .offset(offset);
  const out: Dispute[] = [];
  for (const c of rows) out.push(await disputeOut(app, c));
  return makePage(url, q, count, out);
}
