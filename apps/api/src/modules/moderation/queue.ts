/**
 * The staff's reports queue (`GET /v1/admin/reports/`): one item per reported object with open reports, most
 * reported first (then the oldest), with the object as staff judge it and every open report's text; and closing
 * an item without action (`POST /v1/admin/reports/{id}/dismiss/`), audited as `report.dismiss`.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reportReasonLabel, type ReportCase, type ReportObjectType } from '@vitrina/contract/admin';
import type { Db } from '../../db/client.js';
import { products, reportCases, reports, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';
import { personName } from './audit.js';

type CaseObject = ReportCase['object'];

/** The reported objects of some cases, by `type:id`. */
async function loadObjects(db: Db, cases: { objectType: string; objectId: number }[]) {
  const out = new Map<string, CaseObject>();
  const ids = (type: ReportObjectType) => cases.filter((c) => c.objectType === type).map((c) => c.objectId);
  const productIds = ids('product');
  if (productIds.length) {
    const rows = await db
      .select({ p: products, firstName: users.firstName, lastName: users.lastName })
      .from(products)
      .innerJoin(users, eq(users.id, products.ownerId))
      .where(inArray(products.id, productIds));
    for (const { p, ...owner } of rows)
      out.set(`product:${p.id}`, {
        title: p.title,
        url: `/product/${p.slug}`,
        status: p.status,
        owner: { id: p.ownerId, name: personName(owner) },
      });
  }
  const userIds = ids('user');
  if (userIds.length) {
    const rows = await db.select().from(users).where(inArray(users.id, userIds));
    for (const u of rows)
      out.set(`user:${u.id}`, {
        title: personName(u),
        url: `/seller/${u.id}`,
        status: u.deletedAt ? 'deleted' : 'active',
        owner: null,
      });
  }
  return out;
}

/**
 * One page of the queue.
 * @param url the request's URL (page links)
 * @throws ApiError 404 past the last page
 */
export async function reportQueuePage(db: Db, url: string, q: PageQuery): Promise<Page<ReportCase>> {
  const [total] = await db.select({ n: count() }).from(reportCases).where(eq(reportCases.status, 'open'));
  const { limit, offset } = pageWindow(q);
  const n = count(reports.id);
  const rows = await db
    .select({ c: reportCases, n })
    .from(reportCases)
    .innerJoin(reports, and(eq(reports.caseId, reportCases.id), eq(reports.status, 'open')))
    .where(eq(reportCases.status, 'open'))
    .groupBy(reportCases.id)
    .orderBy(desc(n), asc(reportCases.openedAt), asc(reportCases.id))
    .limit(limit)
    .offset(offset);
  const caseIds = rows.map((r) => r.c.id);
  const items = caseIds.length
    ? await db
        .select({ r: reports, firstName: users.firstName, lastName: users.lastName })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(and(inArray(reports.caseId, caseIds), eq(reports.status, 'open')))
        .orderBy(asc(reports.createdAt), asc(reports.id))
    : [];
  const objects = await loadObjects(
    db,
    rows.map((r) => r.c),
  );
  return makePage(
    url,
    q,
    total?.n ?? 0,
    rows.map(({ c, n: reportsCount }) => ({
      id: c.id,
      object_type: c.objectType as ReportObjectType,
      object_id: c.objectId,
      object: objects.get(`${c.objectType}:${c.objectId}`) ?? null,
      reports_count: reportsCount,
      opened_at: c.openedAt.toISOString(),
      reports: items
        .filter(({ r }) => r.caseId === c.id)
        .map(({ r, ...who }) => ({
          id: r.id,
          reason: r.reason,
          reason_label: reportReasonLabel(r.reason),
          text: r.text,
          created_at: r.createdAt.toISOString(),
          reporter: { id: r.reporterId, name: personName(who) },
        })),
    })),
  );
}

/**
 * Closes a queue item and its open reports without action, with the audit row `report.dismiss` (object `report`,
 * the item's id; details: the reported object and the closed reports' ids) in the same transaction.
 * @param reason staff's comment (may be empty)
 * @throws ApiError 404 unknown item; 409 an item already closed
 */
export async function dismissCase(
  app: FastifyInstance,
  staffId: number,
  caseId: number,
  reason: string,
): Promise<{ id: number; status: string; closed_reports: number }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [c] = await tx.select().from(reportCases).where(eq(reportCases.id, caseId)).for('update');
    if (!c) throw notFound('Жалоба не найдена.');
    if (c.status !== 'open') throw new ApiError(409, { detail: 'Эти жалобы уже рассмотрены.' });
    await tx
      .update(reportCases)
      .set({ status: 'dismissed', closedAt: now, closedBy: staffId })
      .where(eq(reportCases.id, caseId));
    const closed = await tx
      .update(reports)
      .set({ status: 'dismissed', closedAt: now })
      .where(and(eq(reports.caseId, caseId), eq(reports.status, 'open')))
      .returning({ id: reports.id });
    await writeAudit(tx, {
      staffId,
      at: now,
      action: 'report.dismiss',
      objectType: 'report',
      objectId: caseId,
      reason,
      details: { object_type: c.objectType, object_id: c.objectId, reports: closed.map((r) => r.id) },
    });
    return { id: caseId, status: 'dismissed', closed_reports: closed.length };
  });
}
