/**
 * Per-user notification settings: which types a user wants on the site and by SMS. Stored as what
 * was turned off, so a type added later starts on. `GET`/`PUT /v1/notifications/settings/`.
 */
import { eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationType,
} from '@vitrina/contract/notifications';
import type { Db, Tx } from '../../db/client.js';
import { notificationSettings } from '../../db/schema/index.js';

export type Channel = 'site' | 'sms';

/** Types that may come by SMS. */
export const SMS_TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES.filter((t) => t.sms).map((t) => t.type));

/** What a user turned off (nothing when the user never changed the settings). */
async function offOf(conn: Db | Tx, userId: number) {
  const [row] = await conn
    .select({ siteOff: notificationSettings.siteOff, smsOff: notificationSettings.smsOff })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return { site: new Set(row?.siteOff ?? []), sms: new Set(row?.smsOff ?? []) };
}

/** Whether a user wants a type on a channel (SMS only for the types that have it). */
export async function wants(conn: Db | Tx, userId: number, type: string, channel: Channel): Promise<boolean> {
  if (channel === 'sms' && !SMS_TYPES.has(type)) return false;
  return !(await offOf(conn, userId))[channel].has(type);
}

/** The settings answer: every type in the contract's order. */
export async function readSettings(conn: Db | Tx, userId: number): Promise<NotificationSettings> {
  const off = await offOf(conn, userId);
  return {
    settings: NOTIFICATION_TYPES.map((t) => ({
      type: t.type,
      label: t.label,
      site: !off.site.has(t.type),
      sms: t.sms ? !off.sms.has(t.type) : null,
    })),
  };
}

/**
 * Applies a settings change (types not named keep their values; `sms` of a type without SMS is ignored).
 * @returns the settings after the change
 */
export async function updateSettings(
  db: Db,
  userId: number,
  change: NotificationSettingsUpdate,
  now: Date,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-settings:${userId}`}))`);
    const off = await offOf(tx, userId);
    for (const s of change.settings) {
      const type: NotificationType = s.type;
      if (s.site !== undefined) {
        if (s.site) off.site.delete(type);
        else off.site.add(type);
      }
      if (s.sms !== undefined && SMS_TYPES.has(type)) {
        if (s.sms) off.sms.delete(type);
        else off.sms.add(type);
      }
    }
    const values = { siteOff: [...off.site].sort(), smsOff: [...off.sms].sort(), updatedAt: now };
    await tx
      .insert(notificationSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    return readSettings(tx, userId);
  });
}
