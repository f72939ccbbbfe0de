/**
 * Claims and disputes (buyer protection; docs/decisions/0020-claims-and-disputes.md):
 * `POST /v1/sales/orders/{id}/claim/` (the buyer, multipart), `GET /v1/sales/orders/{id}/claim/`,
 * `POST …/claim/reply/` (the seller, multipart), `POST …/claim/accept-offer/`, `POST …/claim/reject-offer/`
 * (the buyer), and for staff `GET /v1/admin/disputes/`, `POST /v1/admin/disputes/{order_id}/resolve/`.
 *
 * The buyer opens a claim from shipping until exactly {@link CLAIM_WINDOW_HOURS} hours after delivery; the order
 * becomes `disputed` and every timer stops. The seller answers within {@link CLAIM_REPLY_DAYS} days (accept — a full
 * refund; a partial offer; contest); the buyer answers an offer within {@link CLAIM_REPLY_DAYS} days. No answer in
 * time, a contest or a rejected offer escalates the dispute to staff, who decide once. Money in rubles.
 */
import './zod-config.js';
import { z } from 'zod';
import { imageSchema, pageOf } from './common.js';
import { orderSchema } from './orders.js';

/** Hours after `delivered_at` the buyer may open a claim (exactly, as the completion by time). */
export const CLAIM_WINDOW_HOURS = 48;
/** Days the seller has to answer a claim, and the buyer to answer a partial offer. */
export const CLAIM_REPLY_DAYS = 3;
/** Longest claim, answer or staff comment, characters. */
export const CLAIM_TEXT_MAX = 2000;
/** Photos per claim or answer. */
export const CLAIM_PHOTOS_MAX = 5;

/** Why the buyer opens a claim: value → Russian label. */
export const CLAIM_REASONS = [
  { value: 'not_received', label: 'Заказ не получен' },
  { value: 'not_as_described', label: 'Вещь не соответствует описанию' },
  { value: 'counterfeit', label: 'Подделка' },
  { value: 'damaged', label: 'Вещь повреждена' },
  { value: 'other', label: 'Другое' },
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number]['value'];

/** The seller's answers: value → Russian label. */
export const CLAIM_ACTIONS = [
  { value: 'accept', label: 'Вернуть деньги полностью' },
  { value: 'offer_partial', label: 'Предложить частичный возврат' },
  { value: 'contest', label: 'Не согласен — передать спор Витрине' },
] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number]['value'];

/** Staff decisions: value → Russian label. */
export const DISPUTE_DECISIONS = [
  { value: 'refund', label: 'Вернуть деньги полностью' },
  { value: 'partial_refund', label: 'Вернуть часть денег' },
  { value: 'release', label: 'Отказать: деньги продавцу' },
] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number]['value'];

/** Claim states: value → Russian label. */
export const CLAIM_STATUSES = [
  { value: 'open', label: 'Ждёт ответа продавца' },
  { value: 'offered', label: 'Продавец предложил частичный возврат' },
  { value: 'escalated', label: 'Спор решает Витрина' },
  { value: 'decided', label: 'Спор закрыт' },
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]['value'];

/** Filters of `GET /v1/admin/disputes/?filter=`: `open` (the sides still talk), `escalated`, `decided`, `all`. */
export const DISPUTE_FILTERS = ['all', 'open', 'escalated', 'decided'] as const;
export type DisputeFilter = (typeof DISPUTE_FILTERS)[number];

const labelOf = (list: readonly { value: string; label: string }[], value: string | null) =>
  list.find((x) => x.value === value)?.label ?? value ?? '';
/** Russian label of a claim reason. */
export const claimReasonLabel = (v: string) => labelOf(CLAIM_REASONS, v);
/** Russian label of a claim state. */
export const claimStatusLabel = (v: string) => labelOf(CLAIM_STATUSES, v);
/** Russian label of a seller's answer. */
export const claimActionLabel = (v: string | null) => labelOf(CLAIM_ACTIONS, v);
/** Russian label of a decision. */
export const disputeDecisionLabel = (v: string | null) => labelOf(DISPUTE_DECISIONS, v);

/** Texts of field errors (the API answers them, the web checks the same before sending). */
export const CLAIM_MESSAGES = {
  reason: `Выберите причину: ${CLAIM_REASONS.map((r) => r.value).join(', ')}.`,
  text: `Текст — не больше ${CLAIM_TEXT_MAX} символов.`,
  photos: `Не больше ${CLAIM_PHOTOS_MAX} фотографий.`,
  action: `Выберите ответ: ${CLAIM_ACTIONS.map((a) => a.value).join(', ')}.`,
  amount: 'Сумма в рублях больше нуля и меньше суммы заказа, не больше двух знаков после запятой.',
  comment: 'Напишите комментарий к решению: его прочтут обе стороны.',
  decision: `Решение: ${DISPUTE_DECISIONS.map((d) => d.value).join(', ')}.`,
} as const;

const expected = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Обязательное поле.' : message),
});

/** Rubles with at most two decimals, above zero (the upper bound — the order's total — is the server's check). */
export const rublesAmountSchema = z.coerce
  .number(expected(CLAIM_MESSAGES.amount))
  .refine((v) => Number.isFinite(v) && v > 0 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    error: CLAIM_MESSAGES.amount,
  });

/** Text fields of `POST /v1/sales/orders/{id}/claim/` (multipart; files in `photos`). */
export const claimOpenFieldsSchema = z.object({
  reason: z.enum(CLAIM_REASONS.map((r) => r.value) as [ClaimReason, ...ClaimReason[]], expected(CLAIM_MESSAGES.reason)),
  text: z.string().trim().max(CLAIM_TEXT_MAX, CLAIM_MESSAGES.text).optional().default(''),
});

/** Text fields of `POST /v1/sales/orders/{id}/claim/reply/` (multipart; files in `photos`). */
export const claimReplyFieldsSchema = z
  .object({
    action: z.enum(
      CLAIM_ACTIONS.map((a) => a.value) as [ClaimAction, ...ClaimAction[]],
      expected(CLAIM_MESSAGES.action),
    ),
    amount: rublesAmountSchema.optional(),
    text: z.string().trim().max(CLAIM_TEXT_MAX, CLAIM_MESSAGES.text).optional().default(''),
  })
  .refine((v) => v.action !== 'offer_partial' || v.amount !== undefined, {
    path: ['amount'],
    error: 'Укажите сумму частичного возврата в рублях.',
  });

/** `POST /v1/admin/disputes/{order_id}/resolve/` body. */
export const disputeResolveSchema = z
  .object(
    {
      decision: z.enum(
        DISPUTE_DECISIONS.map((d) => d.value) as [DisputeDecision, ...DisputeDecision[]],
        expected(CLAIM_MESSAGES.decision),
      ),
      amount: rublesAmountSchema.optional(),
      comment: z
        .string(expected(CLAIM_MESSAGES.comment))
        .trim()
        .min(1, CLAIM_MESSAGES.comment)
        .max(CLAIM_TEXT_MAX, CLAIM_MESSAGES.text),
    },
    {
      error: 'Отправьте JSON-объект {"decision", "amount", "comment"} с заголовком Content-Type: application/json.',
    },
  )
  .refine((v) => v.decision !== 'partial_refund' || v.amount !== undefined, {
    path: ['amount'],
    error: 'Укажите сумму частичного возврата в рублях.',
  });
export type DisputeResolve = z.infer<typeof disputeResolveSchema>;

/** A claim photo: the image's URLs. */
export const claimPhotoSchema = imageSchema.pick({ url: true, url_small: true, url_large: true, srcset: true });

/** A claim as either side (or staff) reads it. Dates ISO; amounts rubles. */
export const claimSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(CLAIM_STATUSES.map((s) => s.value) as [ClaimStatus, ...ClaimStatus[]]),
  status_label: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  text: z.string(),
  photos: z.array(claimPhotoSchema),
  created_at: z.string(),
  /** The seller answers by then (while `open`). */
  reply_by: z.string(),
  /** The seller's answer, or null while none. */
  reply: z
    .object({
      action: z.string(),
      action_label: z.string(),
      text: z.string(),
      photos: z.array(claimPhotoSchema),
      replied_at: z.string(),
    })
    .nullable(),
  /** A partial refund offered, rubles; the buyer answers by `answer_by` (while `offered`). */
  offer_amount: z.number().nullable(),
  answer_by: z.string().nullable(),
  /** `accepted` | `rejected` | null. */
  offer_answer: z.string().nullable(),
  escalated_at: z.string().nullable(),
  /** `timeout` | `contest` | `rejected` | null. */
  escalated_why: z.string().nullable(),
  decision: z
    .object({
      decision: z.string(),
      label: z.string(),
      /** Rubles returned to the buyer (0 for a release). */
      amount: z.number(),
      /** `seller` (accepted the claim), `buyer` (accepted the offer) or `staff`. */
      decided_by: z.string(),
      comment: z.string(),
      decided_at: z.string(),
    })
    .nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

/**
 * `GET /v1/sales/orders/{id}/claim/` → the order's claim (null when none), whether the caller may open one now and
 * until when (ISO; null when the window has no end yet — shipped, not delivered — or is closed).
 */
export const orderClaimSchema = z.object({
  claim: claimSchema.nullable(),
  can_open: z.boolean(),
  open_until: z.string().nullable(),
});
export type OrderClaim = z.infer<typeof orderClaimSchema>;

/** A dispute for staff: the claim and the order (as its seller sees it; its `history` holds the claim's steps). */
export const disputeSchema = z.object({
  claim: claimSchema,
  order: orderSchema,
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputePageSchema = pageOf(disputeSchema);
