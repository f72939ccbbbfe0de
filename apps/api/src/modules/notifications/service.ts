/**
 * Notifications: making them inside the change's transaction and publishing them for fan-out, and
 * the reader's list, unread count and read marks.
 *
 * {@link notify} inserts a notification in the caller's transaction and publishes `{u, n}` (user id,
 * notification id) on {@link NOTIFICATIONS_CHANNEL} with `pg_notify` in the same transaction: PostgreSQL
 * delivers it on commit to every server process, each of which loads the notification and sends it to that
 * user's sockets it holds (hub.ts). A user's settings decide whether a type is made at all.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Notification, NotificationPage, NotificationType } from '@vitrina/contract/notifications';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { wants } from './settings.js';
import { pushToUser } from './push.js';

/** The LISTEN/NOTIFY channel of new (or renewed) notifications: payload `{"u": userId, "n": notificationId}`. */
export const NOTIFICATIONS_CHANNEL = 'vitrina_notifications';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification says. */
export interface NotificationInput {
  type: NotificationType;
  title: string;
  text: string;
  /** A site path that exists for the reader. */
  link: string;
  /** Thumbnail URL. */
  image?: string | null;
}

/** The API shape of a row. */
export const toApi = (n: NotificationRow): Notification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  text: n.text,
  link: n.link ?? '/',
  image: n.image ?? null,
  created_at: n.createdAt.toISOString(),
  read: n.isRead,
});

/** Publishes a new or renewed notification to every process (on commit of `tx`). */
export const publishNotification = (app: FastifyInstance, tx: Tx, userId: number, id: number) =>
  app.pubsub.publish(tx, NOTIFICATIONS_CHANNEL, { u: userId, n: id });

/**
 * Makes a notification for a user in the change's transaction; it reaches the user's open sockets on every
 * process once the transaction commits.
 * @returns its id, or null when the user turned this type off
 */
export async function notify(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  input: NotificationInput,
): Promise<number | null> {
  if (!(await wants(tx, userId, input.type, 'site'))) return null;
  const [row] = await tx
    .insert(notifications)
    .values({ userId, ...input, image: input.image ?? null, createdAt: app.clock.now() })
    .returning({ id: notifications.id });
  await publishNotification(app, tx, userId, row!.id);
  return row!.id;
}

/**
 * Makes one notification for each user a query names, in one statement (a fan-out to many readers costs one
 * insert, not one per reader): users who turned the type off are skipped; each is published on commit.
 * @param recipients a query selecting one column `user_id` (e.g. who keeps a listing in favorites)
 * @returns how many notifications were made
 */
export async function notifyEach(
  app: FastifyInstance,
  tx: Tx,
  recipients: SQL,
  input: NotificationInput,
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx as unknown as Db,
    sql`
    with made as (
      insert into notifications (user_id, type, title, text, link, image, created_at)
      select r.user_id, ${input.type}, ${input.title}, ${input.text}, ${input.link}, ${input.image ?? null},
             ${app.clock.now().toISOString()}
      from (${recipients}) r
      left join notification_settings s on s.user_id = r.user_id
      where not (${input.type} = any(coalesce(s.site_off, '{}'::text[])))
      returning id, user_id)
    select count(pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', user_id, 'n', id)::text))::int as n
    from made`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Makes or renews an aggregate notification: the first fact of `key` for a user makes a notification open for
 * `windowMs`; later facts within the window renew that one — same id, texts from `build(count)`, unread again,
 * moved to the front (`created_at` now) and sent again as `new_notification`.
 * @param build the notification for `count` facts; null leaves an open aggregate as it is (no renewal)
 * @returns the notification id, or null when the type is off or nothing changed
 */
export async function notifyGrouped(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  type: NotificationType,
  group: { key: string; windowMs: number },
  build: (count: number) => Omit<NotificationInput, 'type'> | null,
): Promise<number | null> {
  if (!(await wants(tx, userId, type, 'site'))) return null;
  const now = app.clock.now();
  // Two facts of one aggregate handled at once (two processes) must not both open a notification.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-group:${userId}:${group.key}`}))`);
  const [open] = await tx
    .select({ id: notifications.id, count: notifications.groupCount })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.groupKey, group.key),
        sql`${notifications.groupUntil} > ${now.toISOString()}`,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (open) {
    const input = build(open.count + 1);
    if (!input) return null;
    await tx
      .update(notifications)
      .set({ ...input, image: input.image ?? null, isRead: false, createdAt: now, groupCount: open.count + 1 })
      .where(eq(notifications.id, open.id));
    await publishNotification(app, tx, userId, open.id);
    return open.id;
  }
  const input = build(1);
  if (!input) return null;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId,
      type,
      ...input,
      image: input.image ?? null,
      createdAt: now,
      groupKey: group.key,
      groupCount: 1,
      groupUntil: new Date(now.getTime() + group.windowMs),
    })
    .returning({ id: notifications.id });
  await publishNotification(app, tx, userId, row!.id);
  return row!.id;
}

/**
 * Makes a notification for a thing (`groupKey`, e.g. `chat:12`) unless one of it is still unread: then that one is
 * renewed (texts from `input`, moved to the front, sent again) — a conversation counts once while unread, never once
 * per message.
 * @returns the notification id, or null when the user turned the type off
 */
export async function notifyWhileUnread(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  groupKey: string,
  input: NotificationInput,
): Promise<number | null> {
  if (!(await wants(tx, userId, input.type, 'site'))) return null;
  const now = app.clock.now();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-group:${userId}:${groupKey}`}))`);
  const [open] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), eq(notifications.isRead, false)))
    .orderBy(desc(notifications.id))
    .limit(1);
  if (open) {
    await tx
      .update(notifications)
      .set({ title: input.title, text: input.text, link: input.link, image: input.image ?? null, createdAt: now })
      .where(eq(notifications.id, open.id));
    await publishNotification(app, tx, userId, open.id);
    return open.id;
  }
  const [row] = await tx
    .insert(notifications)
    .values({ userId, ...input, image: input.image ?? null, createdAt: now, groupKey, groupCount: 1 })
    .returning({ id: notifications.id });
  await publishNotification(app, tx, userId, row!.id);
  return row!.id;
}

/** The push kind that tells a user's open tabs some notifications were read elsewhere ({@link markGroupRead}). */
export const PUSH_NOTIFICATIONS_READ = 'notifications.read';

/**
 * Marks a user's unread notifications of a thing (`groupKey`) read (the conversation was read), in the caller's
 * transaction; when any were unread, the user's sockets hear `notifications_read` `{ids, unread_count}` on commit
 * (the bell lowers its count in every tab).
 */
export async function markGroupRead(app: FastifyInstance, tx: Tx, userId: number, groupKey: string): Promise<void> {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (rows.length) await pushToUser(app, tx, userId, PUSH_NOTIFICATIONS_READ, { ids: rows.map((r) => r.id) });
}

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

/** A user's notification by id (null when it isn't theirs). */
export async function findNotification(db: Db, userId: number, id: number): Promise<Notification | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? toApi(row) : null;
}

/** The latest `limit` notifications of a user, newest first (the socket's initial list). */
export async function latestNotifications(db: Db, userId: number, limit: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toApi);
}

/** How many notifications of a user are unread. */
export async function unreadCount(db: Db | Tx, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(r?.n ?? 0);
}

/**
 * `GET /v1/notifications/`: a DRF page, newest first, plus `unread_count`.
 * @throws ApiError 404 for a page past the end
 */
export async function notificationPage(db: Db, userId: number, q: PageQuery, url: string): Promise<NotificationPage> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return { ...makePage(url, q, Number(n), rows.map(toApi)), unread_count: await unreadCount(db, userId) };
}

/**
 * `POST /v1/notifications/{id}/read/`: marks one of the user's notifications read.
 * @throws ApiError 404 when it isn't the user's (or doesn't exist)
 */
export async function markRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Уведомление не найдено.');
  return { success: true as const, notification: toApi(row), unread_count: await unreadCount(db, userId) };
}

/** `POST /v1/notifications/read-all/`: marks every notification of the user read. */
export async function markAllRead(db: Db, userId: number) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { success: true as const, marked: rows.length, unread_count: await unreadCount(db, userId) };
}
