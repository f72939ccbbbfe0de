/**
 * `npm run staff -- add|remove <phone>` as a person runs it, on its own PGlite data directory (DATA_DIR): the role
 * lands in the database; while the PGlite files are open in another process (a running server) the command
 * refuses in Russian and changes nothing; bad arguments and unknown numbers are refused with exit code 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompiledServer, npmRun } from '../compiled-server.js';
import { openDatabase } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';

// Once is enough (vitest.config.ts leaves *.cli.test.ts out of api-pg).
describe('npm run staff', () => {
  let work: string;
  beforeAll(() => {
    // The command builds the compiled API when it is stale, as `npm start` does: built here first, under the lock
    // that keeps test files running in parallel from building it twice.
    ensureCompiledServer();
    work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-staff-'));
  }, 600_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const staff = (...args: string[]) =>
    npmRun('staff', args, { NODE_ENV: 'development', DATA_DIR: path.join(work, 'data') });
  const roleOf = async (phone: string) => {
    const database = await openDatabase({ dir: path.join(work, 'data', 'db') });
    try {
      const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.phone, phone));
      return row?.role;
    } finally {
      await database.close();
    }
  };

  it('grants and withdraws the role, and refuses while the embedded database is open elsewhere', async () => {
    const usage = staff('promote', '+79990001122');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Использование: npm run staff -- add|remove');
    const bad = staff('add', '12');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('«12» — не номер телефона');

    // A number that never signed in: the account is made, staff from the first sign-in.
    const add = staff('add', '8 (999) 000-11-22');
    expect(add.stderr).toBe('');
    expect(add.status).toBe(0);
    expect(add.stdout).toContain('+79990001122 — теперь сотрудник');
    expect(await roleOf('+79990001122')).toBe('staff');

    // A running server holds the PGlite files: the command says so and touches nothing.
    const held = await openDatabase({ dir: path.join(work, 'data', 'db') });
    let refused;
    try {
      refused = staff('remove', '+79990001122');
    } finally {
      await held.close();
    }
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('открыта другим процессом — похоже, сервер запущен. Остановите сервер');
    expect(await roleOf('+79990001122')).toBe('staff');

    const remove = staff('remove', '+7 999 000-11-22');
    expect(remove.status).toBe(0);
    expect(remove.stdout).toContain('+79990001122 больше не сотрудник');
    expect(await roleOf('+79990001122')).toBe('user');

    const unknown = staff('remove', '+79990009999');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Пользователя с номером +79990009999 нет в базе.');
  }, 240_000);
});
