/**
 * Settings of this installation kept in the database (`installation_settings`), so that every server
 * process on one PostgreSQL agrees on them: the first process to start writes a fresh value, every other one
 * (at the same moment or later) reads that value.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
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

/**
 * The config with what the installation keeps in the database filled in: the test bank's webhook secret
 * (`TESTGATEWAY_SECRET` overrides it; otherwise 32 random bytes, hex, generated on first start). Returns a new
 * object; `config` is not changed.
 */
export async function withInstallationSettings(config: Config, db: Db): Promise<Config> {
  if (config.payments.testgatewaySecret || config.payments.provider !== 'testgateway') return config;
  const secret = await installationSetting(db, TESTGATEWAY_SECRET_KEY, () => randomBytes(32).toString('hex'));
  return { ...config, payments: { ...config.payments, testgatewaySecret: secret } };
}
