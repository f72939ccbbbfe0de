/**
 * The claim's steps in an order's `history` (every order answer, both sides): opened, the seller's answer, the
 * buyer's answer to a partial offer, the escalation to staff and the decision — registered with the orders module
 * through `onOrderHistory`, which merges them with the order's own steps by time.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { claimReasonLabel, disputeDecisionLabel, type ClaimAction } from '@vitrina/contract/disputes';
import type { OrderHistoryStep } from '@vitrina/contract/orders';
import type { Db } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';
import { formatRub as rub } from '../../lib/money.js';
import type { OrderHistorySource } from '../orders/index.js';

/** The seller's answer as a step of the history (what happened, not the form's choice «Предложить…»). */
const REPLIED: Record<ClaimAction, string> = {
  accept: 'Продавец согласился вернуть деньги',
  offer_partial: 'Продавец предложил частичный возврат',
  contest: 'Продавец не согласен с претензией',
};

const ESCALATED_WHY: Record<string, string> = {
  timeout: 'ответ не пришёл в срок',
  contest: 'продавец не согласен',
  rejected: 'покупатель отклонил предложение',
};

/**
 * Claim steps of `orderIds`, keyed by order id. Both sides of an order see them all (the claim is theirs).
 * @returns a map from order id to its claim's steps (absent for orders without a claim)
 */
export const claimHistory: OrderHistorySource = async (app: FastifyInstance, orderIds: number[]) => {
  const out = new Map<number, OrderHistoryStep[]>();
  if (!orderIds.length) return out;
  const db: Db = app.db;
  const rows = await db.select().from(claims).where(inArray(claims.orderId, orderIds));
  for (const c of rows) {
    const steps: OrderHistoryStep[] = [
      {
        event: 'claim_opened',
        at: c.createdAt.toISOString(),
        by: 'buyer',
        title: 'Покупатель сообщил о проблеме',
        note: claimReasonLabel(c.reason),
      },
    ];
    if (c.repliedAt)
      steps.push({
        event: 'claim_replied',
        at: c.repliedAt.toISOString(),
        by: 'seller',
        title: REPLIED[c.replyAction as ClaimAction] ?? 'Продавец ответил',
        note: c.offerAmount !== null && c.replyAction === 'offer_partial' ? rub(c.offerAmount) : null,
      });
    if (c.offerAnsweredAt)
      steps.push({
        event: 'claim_offer_answered',
        at: c.offerAnsweredAt.toISOString(),
        by: 'buyer',
        title: c.offerAnswer === 'accepted' ? 'Покупатель принял предложение' : 'Покупатель отклонил предложение',
        note: null,
      });
    if (c.escalatedAt)
      steps.push({
        event: 'claim_escalated',
        at: c.escalatedAt.toISOString(),
        by: null,
        title: 'Спор передан Витрине',
        note: (c.escalatedWhy && ESCALATED_WHY[c.escalatedWhy]) ?? null,
      });
    if (c.decidedAt)
      steps.push({
        event: 'claim_decided',
        at: c.decidedAt.toISOString(),
        by: c.decidedBy,
        title: `Решение по спору: ${disputeDecisionLabel(c.decision).toLowerCase()}`,
        note: c.decisionComment,
      });
    out.set(c.orderId, steps);
  }
  return out;
};
