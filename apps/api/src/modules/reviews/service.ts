/**
 * Writing reviews (issue «Buyer protection»): `POST`/`PATCH /v1/sales/orders/{id}/review/` and
 * `POST /v1/reviews/{id}/answer/`. Each write emits its domain event (`review.created`, `review.edited`,
 * `review.answered` `{reviewId}`) in its transaction; the notifications follow from them (events.ts).
 *
 * Rules: an order `completed` (or `refunded`: its buyer only, the review marked `order_refunded`) may be reviewed
 * by each side once, within {@link REVIEW_WINDOW_DAYS} days of completion (of the refund); its author may edit it
 * for {@link REVIEW_EDIT_HOURS} hours; the reviewed person may answer once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type OrderReviews, type Review } from '@vitrina/contract/reviews';
import { orderStatusLabel } from '@vitrina/contract/orders';
import { reviews } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { getOrderFor, type OrderRow } from '../orders/index.js';
import { reviewById, reviewsWhere } from './read.js';

const DAY_MS = 86_400_000;
const EDIT_MS = REVIEW_EDIT_HOURS * 3_600_000;

/** Statuses whose order may be reviewed (`refunded`: by the buyer only). */
export const REVIEWABLE_STATUSES = ['completed', 'refunded'] as const;

/** Events of this module (payload `{reviewId}`). */
export const REVIEW_CREATED = 'review.created';
export const REVIEW_EDITED = 'review.edited';
export const REVIEW_ANSWERED = 'review.answered';

/** When an order's review window opened (its completion, or its refund), or null while it is not reviewable. */
function completedAt(o: OrderRow): Date | null {
  if (o.status === 'completed') return o.completedAt ?? o.deliveredAt ?? null;
  if (o.status === 'refunded') return o.refundedAt ?? o.cancelledAt ?? o.completedAt ?? null;
  return null;
}

/** Who the viewer is in the order, and whether they may review it now (and until when). */
function reviewRight(o: OrderRow, userId: number, now: Date) {
  const role = o.buyerId === userId ? ('buyer' as const) : ('seller' as const);
  const from = completedAt(o);
  const until = from ? new Date(from.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) : null;
  const refunded = o.status === 'refunded';
  let refusal: string | null = null;
  if (!from) refusal = `Отзыв можно оставить после завершения заказа, а он в статусе «${orderStatusLabel(o.status)}».`;
  else if (refunded && role === 'seller') refusal = 'По заказу с возвратом денег отзыв оставляет только покупатель.';
  else if (now.getTime() > until!.getTime())
    refusal = `Отзыв можно оставить в течение ${REVIEW_WINDOW_DAYS} дней после завершения заказа — этот срок прошёл.`;
  return { role, until, refunded, refusal };
}

/**
 * `POST /v1/sales/orders/{id}/review/`: the caller reviews the other side of their order.
 * @returns the new review
 * @throws ApiError 404 (not the order's party), 400 (not completed, window passed, the seller of a refunded
 *   order), 409 (the caller already reviewed this order)
 */
export async function createReview(
  app: FastifyInstance,
  userId: number,
  orderId: number,
  body: { rating: number; text: string },
): Promise<Review> {
  const o = await getOrderFor(app, userId, orderId);
  const now = app.clock.now();
  const right = reviewRight(o, userId, now);
  if (right.refusal) throw badRequest({ order: [right.refusal] });
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId,
        authorId: userId,
        targetId: right.role === 'buyer' ? o.sellerId : o.buyerId,
        authorRole: right.role,
        rating: body.rating,
        text: body.text,
        orderRefunded: right.refunded,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!row) return null;
    await app.events.emit(tx, REVIEW_CREATED, { reviewId: row.id });
    return row.id;
  });
  if (id == null)
    throw conflict(
      `Вы уже оставили отзыв по этому заказу. Его можно изменить в течение ${REVIEW_EDIT_HOURS} часов после публикации.`,
    );
  return (await reviewById(app.db, id))!;
}

/**
 * `PATCH /v1/sales/orders/{id}/review/`: the author changes their review's stars or text within
 * {@link REVIEW_EDIT_HOURS} hours of writing it.
 * @throws ApiError 404 (not a party, or no review of theirs), 400 (the edit time passed, nothing to change)
 */
export async function editReview(
  app: FastifyInstance,
  userId: number,
  orderId: number,
  change: { rating?: number; text?: string },
): Promise<Review> {
  await getOrderFor(app, userId, orderId);
  if (change.rating === undefined && change.text === undefined)
    throw badRequest({ rating: ['Укажите оценку или текст отзыва.'] });
  const [mine] = await app.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.authorId, userId)));
  if (!mine) throw notFound('Отзыв не найден: сначала оставьте его.');
  const now = app.clock.now();
  const edited = await app.db.transaction(async (tx) => {
    const done = await tx
      .update(reviews)
      .set({ ...change, editedAt: now })
      .where(and(eq(reviews.id, mine.id), gt(reviews.createdAt, new Date(now.getTime() - EDIT_MS))))
      .returning({ id: reviews.id });
    if (done.length) await app.events.emit(tx, REVIEW_EDITED, { reviewId: mine.id });
    return done.length > 0;
  });
  if (!edited) throw badRequest(`Отзыв можно изменить только в течение ${REVIEW_EDIT_HOURS} часов после публикации.`);
  return (await reviewById(app.db, mine.id))!;
}

/**
 * `POST /v1/reviews/{id}/answer/`: the reviewed person answers a review once, publicly.
 * @throws ApiError 404 (no such review), 403 (not the reviewed person), 409 (already answered)
 */
export async function answerReview(app: FastifyInstance, userId: number, id: number, text: string): Promise<Review> {
  const [r] = await app.db.select({ targetId: reviews.targetId }).from(reviews).where(eq(reviews.id, id));
  if (!r) throw notFound('Отзыв не найден.');
  if (r.targetId !== userId) throw forbidden('Ответить на отзыв может только тот, о ком он написан.');
  const answered = await app.db.transaction(async (tx) => {
    const done = await tx
      .update(reviews)
      .set({ answerText: text, answeredAt: app.clock.now() })
      .where(and(eq(reviews.id, id), isNull(reviews.answerText)))
      .returning({ id: reviews.id });
    if (done.length) await app.events.emit(tx, REVIEW_ANSWERED, { reviewId: id });
    return done.length > 0;
  });
  if (!answered) throw conflict('Вы уже ответили на этот отзыв.');
  return (await reviewById(app.db, id))!;
}

/**
 * `GET /v1/sales/orders/{id}/reviews/`: the viewer's review of the order, the other side's, and what the viewer may
 * do now (write, edit until, answer).
 * @throws ApiError 404 for anyone but the order's buyer and seller
 */
export async function orderReviews(app: FastifyInstance, userId: number, orderId: number): Promise<OrderReviews> {
  const o = await getOrderFor(app, userId, orderId);
  const now = app.clock.now();
  const right = reviewRight(o, userId, now);
  const both = await reviewsWhere(app.db, sql`r.order_id = ${orderId}`);
  const mine = both.find((r) => r.target_id !== userId) ?? null;
  const theirs = both.find((r) => r.target_id === userId) ?? null;
  const editUntil = mine ? new Date(Date.parse(mine.created_at) + EDIT_MS) : null;
  return {
    mine,
    theirs,
    can_review: !mine && !right.refusal,
    review_until: right.until && !(right.refunded && right.role === 'seller') ? right.until.toISOString() : null,
    edit_until: editUntil && editUntil > now ? editUntil.toISOString() : null,
    can_answer: Boolean(theirs && !theirs.answer),
  };
}
