/**
 * `npm run reconcile` as a person runs it: on a database whose ledger balances it prints the ledger
 * totals and exits 0; after a forged ledger move it lists the mismatches and exits 1. Runs the CLI in a child
 * process on a PGlite data directory (DATA_DIR), the way the README describes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompiledServer, npmRun } from '../compiled-server.js';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';
import { ledgerEntries, orders, users } from '../../src/db/schema/index.js';

// The CLI runs on its own PGlite directory: once is enough (vitest.config.ts leaves *.cli.test.ts out of api-pg).
describe('npm run reconcile: the ledger check', () => {
  let work: string;
  beforeAll(() => {
    // The command builds the compiled API when it is stale, as `npm start` does: built here first, under the lock
    // that keeps test files running in parallel from building it twice.
    ensureCompiledServer();
    work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-reconcile-'));
  }, 600_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const reconcile = () => npmRun('reconcile', [], { NODE_ENV: 'development', DATA_DIR: path.join(work, 'data') });

  it('exits 0 on a balanced ledger and 1 listing each mismatch after a forged move', async () => {
    const clean = reconcile();
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('Расхождения журнала: 0');
    expect(clean.stdout).toContain('Итог: всё сходится.');

    // Someone writes money to a seller for an order nobody paid.
    const database = await openDatabase({ dir: path.join(work, 'data', 'db') });
    await migrateDatabase(database);
    const [u] = await database.db.insert(users).values({ phone: '+79990001122', firstName: 'Вера' }).returning();
    const [o] = await database.db
      .insert(orders)
      .values({
        number: 'V-2611-000001',
        buyerId: u!.id,
        sellerId: u!.id,
        deliveryPoint: {},
        total: 500000,
        fee: 50000,
        payout: 450000,
      })
      .returning();
    const forged = (account: string, amount: number) => ({
      moveKey: 'release:forged',
      kind: 'release',
      account,
      amount,
      orderId: o!.id,
      sellerId: u!.id,
    });
    await database.db.insert(ledgerEntries).values([forged('buyer', -450000), forged('seller_available', 450000)]);
    await database.close();

    const bad = reconcile();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/Расхождения журнала: [1-9]/);
    expect(bad.stdout).toMatch(
      /заказ V-2611-000001: выплаты \+ комиссии \+ удержания = завершённые и открытые заказы — ожидалось 0\s₽, в журнале 4\s500\s₽/,
    );
    expect(bad.stdout).toMatch(/\n {2}• итого: выплаты \+ комиссии \+ удержания = завершённые и открытые заказы/);
    expect(bad.stdout).toContain('Итог: нужен человек.');
  }, 240_000);
});
