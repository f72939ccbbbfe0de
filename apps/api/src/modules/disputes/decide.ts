/**
 * The steps every path of a dispute shares (docs/decisions/0020-claims-and-disputes.md), each inside the caller's
 * transaction on the order and claim rows it locked (order first, then claim):
 * - {@link escalateIn}: the dispute goes to staff (no answer in time, a contest, a rejected offer);
 * - {@link decideIn}: the dispute ends — `refund` (the order `refunded`, the payment refunded in full), or
 *   `partial_refund` / `release` (the order `completed`: the amount back to the buyer with its own refund, the rest
 *   to the seller less the fee on the rest) — whoever decided (the seller accepting, the buyer accepting an offer,
 *   staff). Each records its event (`claim.escalated`, `claim.decided` `{orderId, claimId}`).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DisputeDecision } from '@vitrina/contract/disputes';
import type { Tx } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';
import type { EventPayload } from '../jobs/index.js';
import { refundDisputed, settleDisputed, type OrderRow } from '../orders/index.js';
import { queueOrderRefund, queuePartialRefund } from '../payments/index.js';
import type { ClaimRow } from './read.js';

/** Why a dispute went to staff. */
export type EscalationWhy = EventPayload<'claim.escalated'>['why'];

/** Sends an undecided dispute to staff (`escalated`); a dispute already there or decided is left as it is. */
export async function escalateIn(
  app: FastifyInstance,
  tx: Tx,
  c: ClaimRow,
  why: EscalationWhy,
  now: Date,
): Promise<boolean> {
  if (c.status !== 'open' && c.status !== 'offered') return false;
  await tx.update(claims).set({ status: 'escalated', escalatedAt: now, escalatedWhy: why }).where(eq(claims.id, c.id));
  await app.events.emit(tx, 'claim.escalated', { orderId: c.orderId, claimId: c.id, why });
  return true;
}

/** A decision to carry out. */
export interface DecisionInput {
  decision: DisputeDecision;
  /** Kopecks returned to the buyer by a partial refund (0 < amount < total); ignored otherwise. */
  amount?: number;
  by: 'seller' | 'buyer' | 'staff';
  staffId?: number;
  comment: string;
}

/**
 * Ends an undecided dispute (see the module comment).
 * @returns false when the claim was decided already or the order is not disputed (nothing changed)
 * @throws Error for a partial amount out of range (callers check it and answer 400 first)
 */
export async function decideIn(
  app: FastifyInstance,
  tx: Tx,
  o: OrderRow,
  c: ClaimRow,
  d: DecisionInput,
  now: Date,
): Promise<boolean> {
  if (c.status === 'decided') return false;
  const reason = `Возврат по спору о заказе ${o.number}`;
  let amount: number;
  if (d.decision === 'refund') {
    if (!(await refundDisputed(tx, o, now))) return false;
    await queueOrderRefund(app, tx, o.id, reason);
    amount = o.total;
  } else {
    amount = d.decision === 'partial_refund' ? (d.amount ?? 0) : 0;
    if (d.decision === 'partial_refund' && !(amount > 0 && amount < o.total))
      throw new Error(`dispute: partial refund ${amount} out of range for order ${o.id}`);
    if (!(await settleDisputed(app, tx, o, now, amount))) return false;
    if (amount > 0) await queuePartialRefund(app, tx, { orderId: o.id, amount, reason });
  }
  await tx
    .update(claims)
    .set({
      status: 'decided',
      decision: d.decision,
      decisionAmount: amount,
      decidedBy: d.by,
      decidedStaffId: d.staffId ?? null,
      decisionComment: d.comment,
      decidedAt: now,
    })
    .where(eq(claims.id, c.id));
  await app.events.emit(tx, 'claim.decided', { orderId: o.id, claimId: c.id });
  return true;
}
