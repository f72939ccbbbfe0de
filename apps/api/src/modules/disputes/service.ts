/**
 * Claims (docs/decisions/0020-claims-and-disputes.md): the buyer opens one
 * (`POST /v1/sales/orders/{id}/claim/`), the seller answers (`…/claim/reply/`), the buyer answers a partial offer
 * (`…/claim/accept-offer/`, `…/claim/reject-offer/`), staff decide (`POST /v1/admin/disputes/{order_id}/resolve/`).
 * Only the order's buyer (or seller, for the reply) may act — anyone else gets 404. Every change locks the order
 * row, then the claim's, and records its event in its transaction (`claim.opened`, `claim.offered`,
 * `claim.escalated`, `claim.decided`); notices follow from the events (events.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  claimOpenFieldsSchema,
  claimReplyFieldsSchema,
  type Dispute,
  type DisputeResolve,
  type OrderClaim,
} from '@vitrina/contract/disputes';
import { orderStatusLabel } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { claims, orders } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { formatMoscowDate } from '../../lib/moscow-time.js';
import { getOrderFor, openDispute, type OrderRow } from '../orders/index.js';
import type { PhotoForm } from '../media/index.js';
import { decideIn, escalateIn } from './decide.js';
import { CLAIM_REPLY_MS, scheduleClaimDeadline } from './jobs.js';
import { claimOfOrder, claimWindow, disputeOut, orderClaimOut, type ClaimRow } from './read.js';

const NO_ORDER = 'Заказ не найден.';

/** Parses text fields with a contract schema. @throws ApiError 400 naming each field */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const errors: FieldErrors = {};
  for (const i of r.error.issues) (errors[String(i.path[0] ?? 'non_field_errors')] ??= []).push(i.message);
  throw badRequest(errors);
}

/** The order and its claim under their row locks (order first). */
async function lockBoth(tx: Tx, orderId: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return { o: o!, c: await claimOfOrder(tx, orderId, true) };
}

/** Runs `fn` and removes the request's photos when it fails. */
async function keepPhotosOnlyIfDone<T>(upload: PhotoForm, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await upload.discard();
    throw err;
  }
}

/** A partial amount in rubles → kopecks, below the order's total. @throws ApiError 400 `{amount}` */
function partialKopecks(o: OrderRow, rubles: number | undefined): number {
  const k = toKopecks(rubles ?? 0);
  if (!(k > 0 && k < o.total))
    throw badRequest({
      amount: [`Сумма частичного возврата — больше 0 и меньше ${toRubles(o.total)} ₽ (сумма заказа).`],
    });
  return k;
}

/**
 * A side's form action on its order: 404 unless the caller is that side, the fields parsed, then `act` in one
 * transaction on the order and claim rows locked; the request's photos are removed when anything fails.
 * @returns the order's claim afterwards
 */
async function sideForm<S extends z.ZodType>(
  app: FastifyInstance,
  who: { userId: number; orderId: number; side: 'buyer' | 'seller' },
  upload: PhotoForm,
  schema: S,
  act: (tx: Tx, locked: OrderRow, c: ClaimRow | undefined, fields: z.infer<S>, now: Date) => Promise<void>,
): Promise<OrderClaim> {
  return keepPhotosOnlyIfDone(upload, async () => {
    const o = await getOrderFor(app, who.userId, who.orderId);
    if ((who.side === 'buyer' ? o.buyerId : o.sellerId) !== who.userId) throw notFound(NO_ORDER);
    const fields = parseFields(schema, upload.fields);
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      const { o: locked, c } = await lockBoth(tx, who.orderId);
      await act(tx, locked, c, fields, now);
    });
    return orderClaim(app, who.userId, who.orderId);
  });
}

/**
 * The order's claim for its buyer or seller, and whether the buyer may open one now.
 * @throws ApiError 404 for anyone else
 */
export async function orderClaim(app: FastifyInstance, userId: number, orderId: number): Promise<OrderClaim> {
  const o = await getOrderFor(app, userId, orderId);
  return orderClaimOut(o, await claimOfOrder(app.db, orderId), userId, app.clock.now(), app.privateMedia);
}

/**
 * The buyer opens a claim: from shipping until exactly 48 hours after delivery; the order becomes `disputed`.
 * @throws ApiError 404 for anyone but the buyer; 400 for a bad reason or text, outside the window, a second claim
 */
export async function openClaim(
  app: FastifyInstance,
  userId: number,
  orderId: number,
  upload: PhotoForm,
): Promise<OrderClaim> {
  const who = { userId, orderId, side: 'buyer' as const };
  return sideForm(app, who, upload, claimOpenFieldsSchema, async (tx, locked, c, fields, now) => {
    if (c) throw badRequest('По этому заказу уже открыт спор: второй открыть нельзя.');
    const until = claimWindow(locked);
    if (until === undefined)
      throw badRequest(
        `Сообщить о проблеме можно после отправки заказа и до 48 часов после доставки, а заказ в статусе «${orderStatusLabel(locked.status)}».`,
      );
    if (until && now >= until)
      throw badRequest(
        `Сообщить о проблеме можно в течение 48 часов после доставки — срок истёк ${formatMoscowDate(until)}.`,
      );
    if (!(await openDispute(tx, locked))) throw badRequest('Заказ уже не ждёт получения — спор открыть нельзя.');
    const replyBy = new Date(now.getTime() + CLAIM_REPLY_MS);
    const [row] = await tx
      .insert(claims)
      .values({
        orderId,
        reason: fields.reason,
        text: fields.text,
        photos: upload.photos.map((p) => p.key),
        createdAt: now,
        replyBy,
      })
      .returning({ id: claims.id });
    await scheduleClaimDeadline(app, tx, row!.id, 'reply', replyBy);
    await app.events.emit(tx, 'claim.opened', { orderId, claimId: row!.id });
  });
}

/** The claim of a locked order that still waits for `who`. @throws ApiError 400 */
function waiting(c: ClaimRow | undefined, status: 'open' | 'offered', now: Date): ClaimRow {
  if (!c) throw badRequest('По этому заказу нет спора.');
  const by = status === 'open' ? c.replyBy : c.answerBy;
  if (c.status !== status || !by)
    throw badRequest(
      c.status === 'decided'
        ? 'Спор уже решён.'
        : c.status === 'escalated'
          ? 'Спор уже решает Витрина: дождитесь решения.'
          : 'Сейчас ответ ждут от другой стороны.',
    );
  if (now > by) throw badRequest('Срок ответа прошёл — спор передан Витрине.');
  return c;
}

/**
 * The seller answers a claim within 3 days: `accept` (a full refund), `offer_partial` (`amount` rubles; the buyer
 * answers within 3 days), or `contest` (staff decide).
 * @throws ApiError 404 for anyone but the seller; 400 for bad fields, no claim waiting for the seller, time passed
 */
export async function replyToClaim(
  app: FastifyInstance,
  userId: number,
  orderId: number,
  upload: PhotoForm,
): Promise<OrderClaim> {
  const who = { userId, orderId, side: 'seller' as const };
  return sideForm(app, who, upload, claimReplyFieldsSchema, async (tx, locked, found, fields, now) => {
    const c = waiting(found, 'open', now);
    const amount = fields.action === 'offer_partial' ? partialKopecks(locked, fields.amount) : null;
    const reply = {
      replyAction: fields.action,
      replyText: fields.text,
      replyPhotos: upload.photos.map((p) => p.key),
      repliedAt: now,
    };
    if (fields.action === 'offer_partial') {
      const answerBy = new Date(now.getTime() + CLAIM_REPLY_MS);
      await tx
        .update(claims)
        .set({ ...reply, status: 'offered', offerAmount: amount, answerBy })
        .where(eq(claims.id, c.id));
      await scheduleClaimDeadline(app, tx, c.id, 'answer', answerBy);
      await app.events.emit(tx, 'claim.offered', { orderId, claimId: c.id });
      return;
    }
    await tx.update(claims).set(reply).where(eq(claims.id, c.id));
    const updated = { ...c, ...reply };
    if (fields.action === 'contest') await escalateIn(app, tx, updated, 'contest', now);
    else await decideIn(app, tx, locked, updated, { decision: 'refund', by: 'seller', comment: fields.text }, now);
  });
}

/**
 * The buyer accepts the seller's partial offer (the amount back, the rest to the seller; the order `completed`) or
 * rejects it (staff decide).
 * @throws ApiError 404 for anyone but the buyer; 400 when no offer waits for the buyer or its time passed
 */
export async function answerOffer(
  app: FastifyInstance,
  userId: number,
  orderId: number,
  accept: boolean,
): Promise<OrderClaim> {
  const o = await getOrderFor(app, userId, orderId);
  if (o.buyerId !== userId) throw notFound(NO_ORDER);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const { o: locked, c: found } = await lockBoth(tx, orderId);
    const c = waiting(found, 'offered', now);
    const answer = { offerAnswer: accept ? 'accepted' : 'rejected', offerAnsweredAt: now };
    await tx.update(claims).set(answer).where(eq(claims.id, c.id));
    const updated = { ...c, ...answer };
    if (!accept) await escalateIn(app, tx, updated, 'rejected', now);
    else
      await decideIn(
        app,
        tx,
        locked,
        updated,
        {
          decision: 'partial_refund',
          amount: c.offerAmount!,
          by: 'buyer',
          comment: 'Покупатель принял предложение продавца.',
        },
        now,
      );
  });
  return orderClaim(app, userId, orderId);
}

/**
 * Staff decide an undecided dispute, once; the decision and its audit row (`dispute.resolve`) commit together.
 * @throws ApiError 404 when the order has no claim; 400 when decided already or the amount is out of range
 */
export async function resolveDispute(
  app: FastifyInstance,
  staffId: number,
  orderId: number,
  body: DisputeResolve,
): Promise<Dispute> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const c = o ? await claimOfOrder(tx, orderId, true) : undefined;
    if (!o || !c) throw notFound('Спора по этому заказу нет.');
    if (c.status === 'decided') throw badRequest('Спор уже решён: решение принимается один раз.');
    const amount = body.decision === 'partial_refund' ? partialKopecks(o, body.amount) : undefined;
    if (!(await decideIn(app, tx, o, c, { ...body, amount, by: 'staff', staffId }, now)))
      throw badRequest('Спор уже решён: решение принимается один раз.');
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'dispute.resolve',
      objectType: 'order',
      objectId: orderId,
      reason: body.comment,
      details: {
        claimId: c.id,
        decision: body.decision,
        amount: body.decision === 'refund' ? o.total : (amount ?? 0),
        statusBefore: c.status,
      },
    });
  });
  const c = await claimOfOrder(app.db, orderId);
  return disputeOut(app, c!);
}
