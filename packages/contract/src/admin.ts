/**
 * The back office's shapes (`/v1/admin/…`, staff only): the audit log's entries and the reports queue, and the
 * shop's report form (`POST /v1/products/{id}/report/`, `POST /v1/users/{id}/report/`).
 */
import './zod-config.js';
import { z } from 'zod';
import { pageOf } from './common.js';

/** Staff actions written to the audit log (`<object>.<verb>`). */
export const AUDIT_ACTIONS = [
  'dispute.resolve',
  'report.dismiss',
  'product.block',
  'product.unblock',
  'product.authenticity_approve',
  'product.authenticity_decline',
  'user.block',
  'user.unblock',
  'content.update',
  'compilation.update',
  'brand.create',
  'brand.merge',
] as const;

/** One audit row: who (staff), when, the action, the object, the reason or comment and the details. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

/** Why a person reports a listing or a user. */
export const REPORT_REASONS = ['counterfeit', 'prohibited', 'wrong_category', 'fraud', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  counterfeit: 'Подделка',
  prohibited: 'Запрещённый товар',
  wrong_category: 'Не та категория',
  fraud: 'Мошенничество',
  other: 'Другое',
};
/** The Russian label of a report reason (the code itself when unknown). */
export const reportReasonLabel = (r: string): string => REPORT_REASON_LABELS[r as ReportReason] ?? r;

/** Longest report text, characters. */
export const REPORT_TEXT_MAX = 2000;

/** `POST /v1/products/{id}/report/`, `POST /v1/users/{id}/report/`. */
export const reportBodySchema = z.object({
  reason: z.enum(REPORT_REASONS, {
    error: `Выберите причину: ${REPORT_REASONS.map((r) => `${r} (${REPORT_REASON_LABELS[r]})`).join(', ')}.`,
  }),
  text: z
    .string({ error: 'Опишите проблему текстом.' })
    .trim()
    .max(REPORT_TEXT_MAX, { error: `Не больше ${REPORT_TEXT_MAX} символов.` })
    .default(''),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** What a reported object is. */
export const REPORT_OBJECT_TYPES = ['product', 'user'] as const;
export type ReportObjectType = (typeof REPORT_OBJECT_TYPES)[number];

/** A report as its author sees it (201 new, 200 when their open report on the object already exists). */
export const reportSchema = z.object({
  id: z.number().int(),
  object_type: z.enum(REPORT_OBJECT_TYPES),
  object_id: z.number().int(),
  reason: z.string(),
  reason_label: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** One item of the staff queue: a reported object with its open reports (most reported first). */
export const reportCaseSchema = z.object({
  id: z.number().int(),
  object_type: z.enum(REPORT_OBJECT_TYPES),
  object_id: z.number().int(),
  /** The listing or the user as staff need to judge it; null when the object is gone. */
  object: z
    .object({
      title: z.string(),
      url: z.string(),
      status: z.string(),
      /** The listing's owner (products only). */
      owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
  reports_count: z.number().int(),
  opened_at: z.string(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.string(),
      reason_label: z.string(),
      text: z.string(),
      created_at: z.string(),
      reporter: z.object({ id: z.number().int(), name: z.string() }),
    }),
  ),
});
export type ReportCase = z.infer<typeof reportCaseSchema>;
export const reportCasePageSchema = pageOf(reportCaseSchema);

/** `POST /v1/admin/reports/{id}/dismiss/` (optional comment, kept in the audit log). */
export const reportDismissSchema = z.object({
  reason: z
    .string({ error: 'Комментарий — строка.' })
    .trim()
    .max(1000, { error: 'Не больше 1000 символов.' })
    .default(''),
});

/** `POST /v1/admin/reports/{id}/dismiss/` → the closed item and how many reports it closed. */
export const reportDismissedSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  closed_reports: z.number().int(),
});

/** `POST /v1/admin/products/{id}/block/`: the reason is required (the owner sees it). */
export const productBlockSchema = z.object({
  reason: z
    .string({ error: 'Укажите причину блокировки.' })
    .trim()
    .min(1, { error: 'Укажите причину блокировки.' })
    .max(1000, { error: 'Не больше 1000 символов.' }),
});
/** `POST /v1/admin/products/{id}/unblock/`: an optional comment for the audit log. */
export const productUnblockSchema = reportDismissSchema;
/** Both calls' answer: the listing's status now and the block's reason (null when not blocked). */
export const productBlockStateSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  block_reason: z.string().nullable(),
});
