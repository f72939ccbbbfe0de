/**
 * The staff audit log (`audit_log`): every staff action writes one row — who, when, the action, the object, the
 * reason or comment and the details — in the action's own transaction, so a decision and its record commit together.
 */
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** One staff action to record. */
export interface AuditEntry {
  staffId: number;
  at: Date;
  /** `<object>.<verb>`, e.g. `dispute.resolve`. */
  action: string;
  /** e.g. `order`. */
  objectType: string;
  objectId: string | number;
  /** The staff member's reason or comment. */
  reason: string;
  /** JSON-safe facts (amounts in kopecks). */
  details?: Record<string, unknown>;
}

/** Writes an audit row in the action's transaction. */
export async function writeAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: e.staffId,
    at: e.at,
    action: e.action,
    objectType: e.objectType,
    objectId: String(e.objectId),
    reason: e.reason,
    details: e.details ?? {},
  });
}
