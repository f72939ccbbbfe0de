/** Helpers to create and drop throw-away PostgreSQL databases for tests. */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/client.js';

export const randomDbName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/** The same server's maintenance database (`postgres`). */
export function adminUrl(base: string) {
  const u = new URL(base);
  u.pathname = '/postgres';
  return u.toString();
}

export function dbUrl(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** CREATE DATABASE name TEMPLATE tpl, retrying while another copy is being made from the template. */
export async function createFromTemplate(base: string, name: string, template: string) {
  const admin = await openDatabase({ url: adminUrl(base) });
  try {
    for (let i = 0; ; i++) {
      try {
        await admin.db.execute(`CREATE DATABASE ${name} TEMPLATE ${template}` as never);
        return;
      } catch (err) {
        if (
          i > 40 ||
          !/being accessed by other users/.test(
            String((err as Error).message) + String((err as { cause?: Error }).cause?.message),
          )
        )
          throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.close();
  }
}

export async function dropDatabase(base: string, name: string) {
  const admin = await openDatabase({ url: adminUrl(base) });
  try {
    await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)` as never);
  } finally {
    await admin.close();
  }
}
