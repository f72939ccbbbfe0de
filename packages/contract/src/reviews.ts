/**
 * Reviews and trust signals (issue «Buyer protection»): `POST`/`PATCH /v1/sales/orders/{id}/review/`,
 * `GET /v1/sales/orders/{id}/reviews/`, `POST /v1/reviews/{id}/answer/`, `GET /v1/public/sellers/{id}/reviews/`.
 *
 * After an order is `completed` each side may review the other once within {@link REVIEW_WINDOW_DAYS} days of
 * completion (a `refunded` order: the buyer only, and the review is marked `order_refunded`); the author may edit
 * it for {@link REVIEW_EDIT_HOURS} hours; the reviewed person may answer once, publicly.
 */
import './zod-config.js';
import { z } from 'zod';
import { imageSchema, pageOf } from './common.js';

/** Days after completion (or the refund) a side may leave a review. */
export const REVIEW_WINDOW_DAYS = 14;
/** Hours after writing a review its author may edit it. */
export const REVIEW_EDIT_HOURS = 24;
/** Longest review or answer text, characters. */
export const REVIEW_TEXT_MAX = 2000;
/** Page size of a seller's reviews. */
export const REVIEWS_PAGE_SIZE = 10;

const expected = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Обязательное поле.' : message),
});
const RATING_MESSAGE = 'Оценка — целое число от 1 до 5.';
const TEXT_MESSAGE = `Текст — не больше ${REVIEW_TEXT_MAX} символов.`;

/** `POST /v1/sales/orders/{id}/review/` body: stars 1–5 and an optional text. */
export const reviewCreateSchema = z.object(
  {
    rating: z
      .number(expected(RATING_MESSAGE))
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, { error: RATING_MESSAGE }),
    text: z.string(expected('Текст отзыва — строка.')).trim().max(REVIEW_TEXT_MAX, TEXT_MESSAGE).optional().default(''),
  },
  { error: 'Отправьте JSON-объект {"rating", "text"} с заголовком Content-Type: application/json.' },
);
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/** `PATCH /v1/sales/orders/{id}/review/` body: what changes. */
export const reviewEditSchema = z.object(
  {
    rating: reviewCreateSchema.shape.rating.optional(),
    text: z.string(expected('Текст отзыва — строка.')).trim().max(REVIEW_TEXT_MAX, TEXT_MESSAGE).optional(),
  },
  { error: 'Отправьте JSON-объект {"rating", "text"} с заголовком Content-Type: application/json.' },
);

/** `POST /v1/reviews/{id}/answer/` body. */
export const reviewAnswerCreateSchema = z.object(
  {
    text: z
      .string(expected('Ответ — строка.'))
      .trim()
      .min(1, 'Напишите ответ.')
      .max(REVIEW_TEXT_MAX, `Ответ — не больше ${REVIEW_TEXT_MAX} символов.`),
  },
  { error: 'Отправьте JSON-объект {"text"} с заголовком Content-Type: application/json.' },
);

/** The author of a review as others see them. */
export const reviewAuthorSchema = z.object({
  /** Null once the author deleted their account. */
  id: z.number().int().nullable(),
  name: z.string(),
  avatar: imageSchema.nullable(),
  /** Whether the author has a public seller page (`/seller/{id}`). */
  has_page: z.boolean(),
});

/** One review. */
export const reviewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** 1–5. */
  rating: z.number().int(),
  text: z.string(),
  /** The author's side of the deal: `buyer` wrote about the seller, `seller` about the buyer. */
  author_role: z.enum(['buyer', 'seller']),
  author: reviewAuthorSchema,
  target_id: z.number().int(),
  /** The order ended with a refund. */
  order_refunded: z.boolean(),
  /** The first item of the order (title, slug, thumbnail). */
  item: z.object({ title: z.string(), slug: z.string(), photo: z.string().nullable() }).nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The reviewed person's public answer. */
  answer: z.object({ text: z.string(), created_at: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET /v1/public/sellers/{id}/reviews/`: newest first. */
export const reviewPageSchema = pageOf(reviewSchema);

/** `GET /v1/sales/orders/{id}/reviews/`: the viewer's own review, the other side's, and what the viewer may do. */
export const orderReviewsSchema = z.object({
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
  /** The viewer may write a review now. */
  can_review: z.boolean(),
  /** Until when a review may be written (ISO), or null when the order is not completed. */
  review_until: z.string().nullable(),
  /** Until when the viewer's review may be edited (ISO), or null. */
  edit_until: z.string().nullable(),
  /** The viewer may answer the other side's review. */
  can_answer: z.boolean(),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

/** Stars → how many reviews gave them (keys `1`…`5`, all present). */
export const ratingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;
