/**
 * A dispute's steps as system lines in the order's conversation (issue «Messenger»: order events, claims opened and
 * decided, appear in the thread), each written by the chats module's {@link orderLine} in the event's transaction
 * (the conversation is made when missing):
 *
 * | event | line |
 * |---|---|
 * | `claim.opened` | the buyer opened a dispute: the reason, the seller's time to answer |
 * | `claim.offered` | the seller offers a partial refund: the amount, the buyer's time to answer |
 * | `claim.escalated` | the dispute went to staff, and why (a contest, a rejected offer, no answer in time) |
 * | `claim.decided` | the dispute is closed: who decided and where the money goes |
 */
import type { FastifyInstance } from 'fastify';
import { claimReasonLabel } from '@vitrina/contract/disputes';
import { formatMoscowDate } from '../../lib/moscow-time.js';
import { orderLine } from '../chats/index.js';
import type { DomainEventName, EventPayload } from '../jobs/index.js';
import { formatRub } from '../notifications/index.js';
import { decisionOutcome, escalationWhy, loadClaim } from './events.js';
import type { ClaimRow } from './read.js';

/** The claim events that write a line through the helper below (`claim.decided` reads the decision itself). */
type LineEvent = Extract<DomainEventName, 'claim.opened' | 'claim.offered' | 'claim.escalated'>;

/** Subscribes the dispute's lines in the order's conversation. */
export function subscribeClaimLines(app: FastifyInstance): void {
  const on = <N extends LineEvent>(
    type: N,
    name: string,
    text: (c: ClaimRow, number: string, p: EventPayload<N>) => string | null,
  ) =>
    app.events.subscribe(type, `disputes.${name}`, async ({ tx, event }) => {
      const x = await loadClaim(tx, event.payload);
      if (!x) return;
      await orderLine(app, tx, x.o.id, (o) => text(x.c, o.number, event.payload));
    });

  on(
    'claim.opened',
    'chat-opened',
    (c, n) =>
      `Покупатель открыл спор по заказу ${n}: «${claimReasonLabel(c.reason)}». Продавец отвечает до ${formatMoscowDate(c.replyBy)}; выплата заморожена до решения.`,
  );
  on('claim.offered', 'chat-offered', (c, n) =>
    c.offerAmount && c.answerBy
      ? `Продавец предлагает вернуть ${formatRub(c.offerAmount)} по заказу ${n}. Покупатель отвечает до ${formatMoscowDate(c.answerBy)}.`
      : null,
  );
  on(
    'claim.escalated',
    'chat-escalated',
    (_c, n, p) => `Спор по заказу ${n} передан Витрине: ${escalationWhy(p.why)}.`,
  );
  app.events.subscribe('claim.decided', 'disputes.chat-decided', async ({ tx, event }) => {
    const x = await loadClaim(tx, event.payload);
    if (!x?.c.decision) return;
    const by = x.c.decidedBy === 'staff' ? 'решением Витрины' : 'по согласию сторон';
    await orderLine(app, tx, x.o.id, (o) => `Спор по заказу ${o.number} закрыт ${by}: ${decisionOutcome(x.c, o)}.`);
  });
}
