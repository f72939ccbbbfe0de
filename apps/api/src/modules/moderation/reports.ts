/**
 * Reports (the back office): a signed-in person reports a listing or a user; the open reports on one object
 * gather in its one open case, the staff queue's item. One open report per reporter and object: a repeat answers
 * with the open one. Spec: the shop's «Пожаловаться»; docs/decisions/0055-reports-and-moderation-queue.md.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reportReasonLabel, type Report, type ReportBody, type ReportObjectType } from '@vitrina/contract/admin';
import type { Tx } from '../../db/client.js';
import { products, reportCases, reports, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';

/** Listing statuses anyone can see (and so report). */
const PUBLIC_PRODUCT_STATUSES = ['active', 'reserved', 'sold'];

type ReportRow = typeof reports.$inferSelect;

/** A report row → its author's answer. */
export const reportOut = (r: ReportRow): Report => ({
  id: r.id,
  object_type: r.objectType as ReportObjectType,
  object_id: r.objectId,
  reason: r.reason,
  reason_label: reportReasonLabel(r.reason),
  text: r.text,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

/**
 * Checks the reported object exists for the public and is not the reporter's own.
 * @throws ApiError 404 unknown (or not public) object; 400 one's own listing or oneself
 */
async function checkObject(tx: Tx, reporterId: number, type: ReportObjectType, id: number): Promise<void> {
  if (type === 'product') {
    const [p] = await tx
      .select({ ownerId: products.ownerId })
      .from(products)
      .where(and(eq(products.id, id), inArray(products.status, PUBLIC_PRODUCT_STATUSES)));
    if (!p) throw notFound('Товар не найден.');
    if (p.ownerId === reporterId) throw badRequest('Нельзя пожаловаться на своё объявление.');
    return;
  }
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.deletedAt} is null`));
  if (!u) throw notFound('Пользователь не найден.');
  if (u.id === reporterId) throw badRequest('Нельзя пожаловаться на самого себя.');
}

const openOf = (reporterId: number, type: ReportObjectType, id: number) =>
  and(
    eq(reports.reporterId, reporterId),
    eq(reports.objectType, type),
    eq(reports.objectId, id),
    eq(reports.status, 'open'),
  );

/**
 * Files a report, or finds the reporter's open one on the same object.
 * @param type `product` (a public listing) or `user` (a live account)
 * @returns the report and whether it was made now (201) or already open (200)
 * @throws ApiError 404 unknown object; 400 reporting one's own listing or oneself
 */
export async function fileReport(
  app: FastifyInstance,
  reporterId: number,
  type: ReportObjectType,
  id: number,
  body: ReportBody,
): Promise<{ report: Report; created: boolean }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await checkObject(tx, reporterId, type, id);
    const [existing] = await tx
      .select()
      .from(reports)
      .where(openOf(reporterId, type, id));
    if (existing) return { report: reportOut(existing), created: false };
    // The object's open case (made by the first report; a case closed meanwhile is replaced by a new one).
    let caseId: number | undefined;
    for (let attempt = 0; attempt < 3 && caseId === undefined; attempt++) {
      await tx
        .insert(reportCases)
        .values({ objectType: type, objectId: id, openedAt: now })
        .onConflictDoNothing({
          target: [reportCases.objectType, reportCases.objectId],
          where: sql`${reportCases.status} = 'open'`,
        });
      const [c] = await tx
        .select({ id: reportCases.id })
        .from(reportCases)
        .where(and(eq(reportCases.objectType, type), eq(reportCases.objectId, id), eq(reportCases.status, 'open')))
        .for('update');
      caseId = c?.id;
    }
    if (caseId === undefined) throw new Error('report case: no open case after 3 attempts');
    const [made] = await tx
      .insert(reports)
      .values({
        caseId,
        reporterId,
        objectType: type,
        objectId: id,
        reason: body.reason,
        text: body.text,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: [reports.reporterId, reports.objectType, reports.objectId],
        where: sql`${reports.status} = 'open'`,
      })
      .returning();
    if (made) return { report: reportOut(made), created: true };
    // The same person's identical request won a race: answer with theirs.
    const [theirs] = await tx
      .select()
      .from(reports)
      .where(openOf(reporterId, type, id));
    return { report: reportOut(theirs!), created: false };
  });
}
