/**
 * What people hear about reviews: `review.created` `{reviewId}` → the reviewed person (`review_received`);
 * `review.answered` `{reviewId}` → the review's author (`review_answered`). Each runs as the event's job, in its
 * transaction, through the notifications module's {@link notify}; facts are read when the job runs.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { notify, orderPage } from '../notifications/index.js';
import { reviewById } from './read.js';
import { REVIEW_ANSWERED, REVIEW_CREATED } from './service.js';

/** «★★★★☆» of 1–5 stars. */
export const starsText = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

async function load(tx: Tx, { reviewId: id }: { reviewId: number }) {
  const [row] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
  return row ? reviewById(tx, id) : null;
}

/** Subscribes the reviews' notifications to the review events. */
export function subscribeReviewEvents(app: FastifyInstance): void {
  app.events.subscribe(REVIEW_CREATED, 'reviews.notify-reviewed', async ({ tx, event }) => {
    const r = await load(tx, event.payload);
    if (!r) return;
    // The reviewed person is the other side: a buyer's review is about the seller (whose orders are sales).
    const targetRole = r.author_role === 'buyer' ? 'seller' : 'buyer';
    await notify(app, tx, r.target_id, {
      type: 'review_received',
      title: `Новый отзыв: ${starsText(r.rating)}`,
      text: `${r.author.name} ставит вам ${r.rating} из 5${r.item ? ` за сделку «${r.item.title}»` : ''}. Вы можете ответить на отзыв.`,
      link: orderPage(targetRole, r.order_id),
      image: r.item?.photo ?? null,
    });
  });

  app.events.subscribe(REVIEW_ANSWERED, 'reviews.notify-answered', async ({ tx, event }) => {
    const r = await load(tx, event.payload);
    if (!r?.answer || r.author.id == null) return;
    await notify(app, tx, r.author.id, {
      type: 'review_answered',
      title: 'Вам ответили на отзыв',
      text: r.answer.text.length > 140 ? `${r.answer.text.slice(0, 139)}…` : r.answer.text,
      link: orderPage(r.author_role, r.order_id),
      image: r.item?.photo ?? null,
    });
  });
}
