/**
 * Reading the staff audit log (`GET /v1/admin/audit/`): DRF pages, newest first, filtered by the staff member, the
 * action, the object's type and id. The rows themselves are written by each action ({@link writeAudit} in
 * lib/audit.ts) in its own transaction.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@vitrina/contract/admin';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';

/** The audit list's filters (all optional, exact matches). */
export interface AuditFilters {
  /** The staff member's user id. */
  staff?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
}

/** A person's name as staff read it. */
export const personName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || 'Без имени';

/**
 * One page of the audit log, newest first.
 * @param url the request's URL (the page links keep the filters)
 * @throws ApiError 404 past the last page
 */
export async function auditPage(db: Db, url: string, q: PageQuery, f: AuditFilters): Promise<Page<AuditEntry>> {
  const where: SQL[] = [];
  if (f.staff !== undefined) where.push(eq(auditLog.staffId, f.staff));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.objectType) where.push(eq(auditLog.objectType, f.objectType));
  if (f.objectId) where.push(eq(auditLog.objectId, f.objectId));
  const cond = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(cond);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ a: auditLog, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.staffId))
    .where(cond)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return makePage(
    url,
    q,
    total?.n ?? 0,
    rows.map(({ a, ...u }) => ({
      id: a.id,
      at: a.at.toISOString(),
      staff: { id: a.staffId, name: personName(u), phone: u.phone },
      action: a.action,
      object_type: a.objectType,
      object_id: a.objectId,
      reason: a.reason,
      details: a.details,
    })),
  );
}
