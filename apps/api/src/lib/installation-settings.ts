/**
 * Settings of this installation kept in the database (`installation_settings`), so that every server
 * process on one PostgreSQL agrees on them: the first process to start writes a fresh value, every other one
 * (at the same moment or later) reads that value.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { OffsetClock, systemClock, type Clock } from './clock.js';
import type { Db } from '../db/client.js';
import { installationSettings } from '../db/schema/index.js';

/**
 * The installation's value of `key`, created with `make()` on first use. Race-free: `INSERT … ON CONFLICT DO
 * NOTHING` and then `SELECT`, so two processes starting together both read the one value that was written.
 */
export async function installationSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db
    .insert(installationSettings)
    .values({ key, value: make() })
    .onConflictDoNothing({ target: installationSettings.key });
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, key));
  if (!row) throw new Error(`installation setting ${key} could not be read back`);
  return row.value;
}

/** The key of the test bank's webhook secret. */
export const TESTGATEWAY_SECRET_KEY = 'testgateway_webhook_secret';

/** The key of the secret signing private photos' links (decision 0150). */
export const MEDIA_URL_SECRET_KEY = 'media_url_secret';

/**
 * The config with what the installation keeps in the database filled in: the test bank's webhook secret
 * (`TESTGATEWAY_SECRET` overrides it) and the key of private photos' links (`MEDIA_URL_SECRET` overrides it); each
 * otherwise 32 random bytes, hex, generated on first start. Returns a new object; `config` is not changed.
 */
export async function withInstallationSettings(config: Config, db: Db): Promise<Config> {
  const fresh = () => randomBytes(32).toString('hex');
  let out = config;
  if (!out.payments.testgatewaySecret && out.payments.provider === 'testgateway') {
    const secret = await installationSetting(db, TESTGATEWAY_SECRET_KEY, fresh);
    out = { ...out, payments: { ...out.payments, testgatewaySecret: secret } };
  }
  if (!out.mediaUrlSecret) out = { ...out, mediaUrlSecret: await installationSetting(db, MEDIA_URL_SECRET_KEY, fresh) };
  return out;
}

/** The key of the development clock's offset: milliseconds ahead of real time, as text. */
export const DEV_CLOCK_OFFSET_KEY = 'dev_clock_offset_ms';

/** How far the development clock has been moved forward in all (ms; 0 when never moved). */
export async function storedClockOffset(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, DEV_CLOCK_OFFSET_KEY));
  const n = Number(row?.value ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Adds `ms` to the stored offset of the development clock in one statement (two processes moving the clock add
 * up) and returns the new total in milliseconds.
 */
export async function addClockOffset(db: Db, ms: number): Promise<number> {
  const [row] = await db
    .insert(installationSettings)
    .values({ key: DEV_CLOCK_OFFSET_KEY, value: String(ms) })
    .onConflictDoUpdate({
      target: installationSettings.key,
      set: { value: sql`(${installationSettings.value}::bigint + ${ms})::text` },
    })
    .returning({ value: installationSettings.value });
  return Number(row!.value);
}

/**
 * The server's clock: real time in production; elsewhere real time plus the offset `POST /v1/dev/clock/` has
 * stored, so a moved clock stays moved after a restart (deadlines already run are not run twice, nor do new
 * ones land in the past).
 */
export async function serverClock(config: Pick<Config, 'isProduction'>, db: Db): Promise<Clock> {
  if (config.isProduction) return systemClock;
  return new OffsetClock(await storedClockOffset(db));
}
