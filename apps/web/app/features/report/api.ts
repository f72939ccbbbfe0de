/** The report call: `POST /v1/products/{id}/report/` or `POST /v1/users/{id}/report/` (signed in). */
import type { ReportReason } from '@vitrina/contract/admin';
import { apiClient } from '../../shared/api/typed';

/** What is reported: a listing or a user, by id, and whose it is (nobody reports their own). */
export interface ReportTarget {
  type: 'product' | 'user';
  id: number;
  ownerId: number;
}

/** How a report went: sent now, already open from before (the API answers 200 with it), or refused. */
export type ReportOutcome = { kind: 'sent' } | { kind: 'already' } | { kind: 'error'; message: string };

/**
 * Files the report.
 * @param text optional details (up to 2000 characters)
 * @returns `sent` (201), `already` (200: this person's open report on the object) or the API's Russian message
 */
export async function sendReport(target: ReportTarget, reason: ReportReason, text: string): Promise<ReportOutcome> {
  const init = { params: { path: { id: target.id } }, body: { reason, text } };
  const res =
    target.type === 'product'
      ? await apiClient.POST('/v1/products/{id}/report/', init)
      : await apiClient.POST('/v1/users/{id}/report/', init);
  if (!res.ok) return { kind: 'error', message: res.error.message };
  return res.status === 201 ? { kind: 'sent' } : { kind: 'already' };
}
