/**
 * What both sides hear about a dispute (docs/decisions/0020-claims-and-disputes.md), each an `app.events`
 * subscriber run as the event's job through the notifications module's {@link notify}; facts are read when the job
 * runs (the payload carries ids only):
 *
 * | event | to | type |
 * |---|---|---|
 * | `claim.opened` | seller (answer by …), buyer (what happens next) | `claim_opened` / `claim_updated` |
 * | `claim.offered` | buyer (accept or reject by …) | `claim_updated` |
 * | `claim.escalated` | both | `claim_updated` |
 * | `claim.decided` | both, with the staff's comment | `claim_decided` |
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { claimReasonLabel, disputeDecisionLabel } from '@vitrina/contract/disputes';
import { REFUND_NOTE } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { claims, orderItems, orders } from '../../db/schema/index.js';
import type { OrderRow } from '../orders/index.js';
import type { ClaimRow } from './read.js';
import { formatMoscowDate } from '../../lib/moscow-time.js';
import { imageUrls } from '../media/index.js';
import type { EscalationWhy } from './decide.js';
import { formatRub, notify, orderPage, type NotificationInput } from '../notifications/index.js';

/** Why a claim went to the staff, as both sides read it. */
const ESCALATED_WHY: Record<EscalationWhy, string> = {
  contest: 'продавец не согласен с претензией',
  rejected: 'покупатель отклонил предложение продавца',
  timeout: 'ответа не было в срок',
};

/** The claim, its order and what the notices show of it; null when gone. */
export async function loadClaim(tx: Tx, { claimId: id }: { claimId: number }) {
  const [c] = await tx.select().from(claims).where(eq(claims.id, id));
  if (!c) return null;
  const [o] = await tx.select().from(orders).where(eq(orders.id, c.orderId));
  const [item] = await tx
    .select({ title: orderItems.title, photo: orderItems.photo })
    .from(orderItems)
    .where(eq(orderItems.orderId, c.orderId))
    .orderBy(asc(orderItems.id))
    .limit(1);
  return o
    ? { c, o, what: item?.title ?? `заказ ${o.number}`, image: item?.photo ? imageUrls(item.photo).url_small : null }
    : null;
}

/** Why a dispute went to staff, in words: «продавец не согласен с претензией». */
export const escalationWhy = (why: EscalationWhy): string => ESCALATED_WHY[why];

/** What a decided dispute does with the money, in words: «покупателю возвращается 1 000 ₽, продавцу к выплате …». */
export function decisionOutcome(c: Pick<ClaimRow, 'decision' | 'decisionAmount'>, o: Pick<OrderRow, 'payout'>): string {
  const amount = c.decisionAmount ?? 0;
  return c.decision === 'refund'
    ? `покупателю возвращается ${formatRub(amount)}`
    : c.decision === 'partial_refund'
      ? `покупателю возвращается ${formatRub(amount)}, продавцу к выплате ${formatRub(o.payout)}`
      : `деньги уходят продавцу: к выплате ${formatRub(o.payout)}`;
}

/** Subscribes the dispute notices. */
export function subscribeClaimEvents(app: FastifyInstance): void {
  const tell = (tx: Tx, userId: number, n: Omit<NotificationInput, 'image'>, image: string | null) =>
    notify(app, tx, userId, { ...n, image });

  app.events.subscribe('claim.opened', 'disputes.notify-opened', async ({ tx, event }) => {
    const x = await loadClaim(tx, event.payload);
    if (!x) return;
    const { c, o, what, image } = x;
    await tell(
      tx,
      o.sellerId,
      {
        type: 'claim_opened',
        title: `Покупатель сообщил о проблеме: ${what}`,
        text: `Заказ ${o.number}: «${claimReasonLabel(c.reason)}». Ответьте до ${formatMoscowDate(c.replyBy)}: верните деньги, предложите частичный возврат или передайте спор Витрине. Без ответа спор решит Витрина. Выплата по заказу заморожена до решения.`,
        link: orderPage('seller', o.id),
      },
      image,
    );
    await tell(
      tx,
      o.buyerId,
      {
        type: 'claim_updated',
        title: `Спор открыт: ${what}`,
        text: `Мы сообщили продавцу о проблеме с заказом ${o.number}. Он ответит до ${formatMoscowDate(c.replyBy)}; если нет — спор решит Витрина. Деньги продавцу не уйдут, пока спор не решён.`,
        link: orderPage('buyer', o.id),
      },
      image,
    );
  });

  app.events.subscribe('claim.offered', 'disputes.notify-offered', async ({ tx, event }) => {
    const x = await loadClaim(tx, event.payload);
    if (!x?.c.offerAmount || !x.c.answerBy) return;
    const { c, o, what, image } = x;
    await tell(
      tx,
      o.buyerId,
      {
        type: 'claim_updated',
        title: `Продавец предлагает вернуть ${formatRub(c.offerAmount!)}`,
        text: `По спору о заказе ${o.number} (${what}). Примите или отклоните предложение до ${formatMoscowDate(c.answerBy!)}; если отклонить — спор решит Витрина.`,
        link: orderPage('buyer', o.id),
      },
      image,
    );
  });

  app.events.subscribe('claim.escalated', 'disputes.notify-escalated', async ({ tx, event }) => {
    const x = await loadClaim(tx, event.payload);
    if (!x) return;
    const { o, what, image } = x;
    const why = escalationWhy(event.payload.why);
    const n = {
      type: 'claim_updated' as const,
      title: `Спор передан Витрине: ${what}`,
      text: `Спор о заказе ${o.number} решит сотрудник Витрины: ${why}. Мы сообщим о решении.`,
    };
    await tell(tx, o.sellerId, { ...n, link: orderPage('seller', o.id) }, image);
    await tell(tx, o.buyerId, { ...n, link: orderPage('buyer', o.id) }, image);
  });

  app.events.subscribe('claim.decided', 'disputes.notify-decided', async ({ tx, event }) => {
    const x = await loadClaim(tx, event.payload);
    if (!x?.c.decision) return;
    const { c, o, what, image } = x;
    const amount = c.decisionAmount ?? 0;
    const outcome = decisionOutcome(c, o);
    const by = c.decidedBy === 'staff' ? 'Решение Витрины' : 'Стороны договорились';
    const comment = c.decidedBy === 'staff' && c.decisionComment ? ` Комментарий: «${c.decisionComment}».` : '';
    const n = {
      type: 'claim_decided' as const,
      title: `${by}: ${disputeDecisionLabel(c.decision).toLowerCase()}`,
      text: `Спор о заказе ${o.number} (${what}) закрыт: ${outcome}.${comment}`,
    };
    await tell(tx, o.sellerId, { ...n, link: orderPage('seller', o.id) }, image);
    await tell(
      tx,
      o.buyerId,
      { ...n, text: amount ? `${n.text} ${REFUND_NOTE}.` : n.text, link: orderPage('buyer', o.id) },
      image,
    );
  });
}
