/**
 * Claims under races (docs/decisions/0020-claims-and-disputes.md), two server processes on one PostgreSQL: a claim
 * at the last instant racing the completion by time, and a claim racing the buyer's own confirmation — each order
 * ends either disputed (the claim won, nothing released) or completed (released once, the claim refused), never
 * both; the ledger balances.
 *
 * A race test: it runs only in the `api-pg` project (PostgreSQL), named `*.race.test.ts` (vitest.config.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbAvailable, onPostgres, secondProcess, type TestContext } from '../helpers.js';
import { makePoint, makeUser } from '../buy-fixtures.js';
import { claims, ledgerEntries } from '../../src/db/schema/index.js';
import { deliveredOrder, expectLedgerOk, orderRow, postClaim, type Sides } from './claim-fixtures.js';

describe.runIf(onPostgres() && dbAvailable())('claims across two processes', () => {
  let t: TestContext;
  let second: { app: FastifyInstance; close(): Promise<void> };
  let s: Sides;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    second = await secondProcess(t);
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    s = { app: t.app, seller, buyer, point: await makePoint(t.app, buyer) };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const runBoth = async () => {
    for (;;) {
      const [a, b] = await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]);
      if (a + b === 0) return;
    }
  };
  /** The order ended one way only: disputed with its claim and nothing released, or completed, released once. */
  const expectOneOutcome = async (id: number, claimStatus: number) => {
    const o = await orderRow(t.app, id);
    const claim = await t.app.db.select().from(claims).where(eq(claims.orderId, id));
    const moves = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id));
    const releases = moves.filter((e) => e.kind === 'release' && e.account === 'seller_hold');
    if (claimStatus === 201) {
      expect(o.status).toBe('disputed');
      expect(claim).toHaveLength(1);
      expect(releases).toHaveLength(0);
    } else {
      expect(claimStatus).toBe(400);
      expect(o.status).toBe('completed');
      expect(claim).toHaveLength(0);
      expect(releases).toHaveLength(1);
    }
  };

  it('a claim at the last instant racing the completion by time: one outcome per order', async () => {
    for (const offset of [-1, 0, 1, -1, 0, 1]) {
      const o = await deliveredOrder(s, 1000 + offset + 10);
      const delivered = (await orderRow(t.app, o.id)).deliveredAt!;
      t.clock.advance(delivered.getTime() + 48 * 3_600_000 + offset - t.clock.now().getTime());
      const [claim] = await Promise.all([postClaim(second.app, s.buyer, o.id), runBoth()]);
      await runBoth();
      await expectOneOutcome(o.id, claim.statusCode);
      expect(claim.statusCode).toBe(offset < 0 ? 201 : 400);
    }
    await expectLedgerOk(t.app);
  });

  it('a claim racing the buyer’s confirmation: exactly one wins', async () => {
    const wins = { claim: 0, confirm: 0 };
    for (let round = 0; round < 6; round++) {
      const o = await deliveredOrder(s, 1100 + round);
      const [claim, confirm] = await Promise.all([
        postClaim(second.app, s.buyer, o.id),
        t.app.inject({ method: 'POST', url: `/v1/sales/orders/${o.id}/confirm/`, headers: s.buyer.auth }),
      ]);
      expect([201, 400]).toContain(claim.statusCode);
      expect([200, 400]).toContain(confirm.statusCode);
      expect(claim.statusCode === 201).toBe(confirm.statusCode === 400);
      wins[claim.statusCode === 201 ? 'claim' : 'confirm'] += 1;
      await runBoth();
      await expectOneOutcome(o.id, claim.statusCode);
    }
    expect(wins.claim + wins.confirm).toBe(6);
    await expectLedgerOk(t.app);
  });
});
