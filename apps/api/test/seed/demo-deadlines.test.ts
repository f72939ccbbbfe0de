/**
 * The demo seed obeys buyer protection's deadlines (docs/architecture.md «Order deadlines»): on a fresh demo (the
 * test template is seeded by the real generator) with the clock moved 30 days by `POST /v1/dev/clock/`, every
 * deadline fires — paid demo orders are cancelled and refunded in full through the test bank, shipped ones delivered
 * and completed — and the books still balance: `checkLedger` finds nothing and the reconcile report needs nobody.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { orders } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { reconcileReport } from '../../src/modules/payments/reconcile.js';

describe.runIf(dbAvailable())('the demo after 30 days of deadlines', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('cancels and refunds the paid demo orders, completes the shipped ones, and the books balance', async () => {
    const before = await t.app.db.select().from(orders);
    expect(before.some((o) => o.status === 'paid')).toBe(true);
    await t.app.jobs.ensureRecurring();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/dev/clock/',
      payload: { advance_seconds: 30 * 86_400 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.db.select().from(orders);
    expect(after.filter((o) => ['paid', 'shipped', 'delivered'].includes(o.status))).toEqual([]);
    const cancelled = after.filter((o) => o.cancelledBy === 'deadline');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.refundedAmount === o.total)).toBe(true);
    const check = await checkLedger(t.app.db);
    expect(check.mismatches).toEqual([]);
    const report = await reconcileReport(t.app.db);
    expect(report.deadJobs).toEqual([]);
    expect(report.charges).toEqual([]);
    expect(report.needsPerson).toBe(false);
    const [one] = await t.app.db.select().from(orders).where(eq(orders.id, cancelled[0]!.id));
    expect(one!.status).toBe('cancelled');
  });
});
