/**
 * Notification SMS: only for what can't wait (the seller's «Продано — отправьте до …»), through the
 * app's SMS provider, at most {@link SMS_PER_DAY} per user in any 24 hours, switchable in the settings.
 *
 * The decision and the log row are made in the event's transaction; the message itself goes out after that
 * transaction commits (`afterCommit`): at most once — a crash between commit and send loses the SMS, a retry
 * never sends it twice. The notification on the site is made either way.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationType } from '@vitrina/contract/notifications';
import type { Tx } from '../../db/client.js';
import { notificationSms, users } from '../../db/schema/index.js';
import { smsProvider } from '../auth/index.js';
import type { JobContext } from '../jobs/index.js';
import { wants } from './settings.js';

/** Notification SMS per user in any 24 hours. */
export const SMS_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

/**
 * Sends a notification SMS after the transaction commits, unless the user turned it off, has no phone, or
 * already got {@link SMS_PER_DAY} in the last 24 hours.
 * @returns whether it was queued
 */
export async function queueSms(
  app: FastifyInstance,
  tx: Tx,
  afterCommit: JobContext['afterCommit'],
  userId: number,
  type: NotificationType,
  message: { text: string },
): Promise<boolean> {
  if (!(await wants(tx, userId, type, 'sms'))) return false;
  const now = app.clock.now();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-sms:${userId}`}))`);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationSms)
    .where(and(eq(notificationSms.userId, userId), gt(notificationSms.sentAt, new Date(now.getTime() - DAY_MS))));
  if (Number(n) >= SMS_PER_DAY) return false;
  const [u] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const phone = u?.phone;
  if (!phone) return false;
  await tx.insert(notificationSms).values({ userId, type, sentAt: now });
  afterCommit(async () => {
    await smsProvider(app).send({ phone, text: message.text, code: '' });
  });
  return true;
}
