/**
 * Staff and disputes (docs/decisions/0020-claims-and-disputes.md): `STAFF_PHONES` makes a number staff at sign-in;
 * `/v1/admin/*` answers 401 without a token and 403 for non-staff before the body is validated; the role is read
 * from the database on every request (revoked there → 403 at once); `GET /v1/admin/disputes/` lists disputes by
 * filter with both sides' texts and photos, the order and its history; a decision is taken once, writes its audit
 * row, notifies both sides with the comment, and leaves the ledger balanced (refund, partial refund, release).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomPhone, signIn, type TestContext } from '../helpers.js';
import { makePoint, makeUser } from '../buy-fixtures.js';
import { auditLog, notifications, payouts, testgatewayRefunds, users } from '../../src/db/schema/index.js';
import { deliveredOrder, expectLedgerOk, orderRow, postClaim, postReply, type Sides } from './claim-fixtures.js';

describe.runIf(dbAvailable())('staff decide disputes', () => {
  let t: TestContext;
  let s: Sides;
  let staff: { auth: { authorization: string }; id: number };
  const staffPhone = randomPhone();
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50', STAFF_PHONES: `${staffPhone}, 8 999 000-00-00` });
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    s = { app: t.app, seller, buyer, point: await makePoint(t.app, buyer) };
    const signed = await signIn(t.app, staffPhone);
    const [u] = await t.app.db.select().from(users).where(eq(users.phone, staffPhone));
    expect(u!.role).toBe('staff');
    staff = { auth: signed.auth, id: u!.id };
  });
  afterAll(() => t?.close());

  const resolve = (who: { authorization: string } | Record<string, never>, orderId: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/admin/disputes/${orderId}/resolve/`,
      headers: who,
      payload: payload as object,
    });
  const disputed = async (price: number) => {
    const o = await deliveredOrder(s, price);
    const res = await postClaim(t.app, s.buyer, o.id, { reason: 'damaged', text: 'Сломана молния' }, 1);
    expect(res.statusCode, res.body).toBe(201);
    return o;
  };

  it('guards /v1/admin/*: 401 without a token, 403 for non-staff before validation; the role is read from the DB', async () => {
    const noToken = await resolve({}, 1, { nonsense: true });
    expect(noToken.statusCode).toBe(401);
    const user = await makeUser(t.app, 'Пётр');
    // A body that would fail validation: the guard answers first.
    const notStaff = await resolve(user.auth, 1, { decision: 'explode' });
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json().detail).toMatch(/только для сотрудников/);
    expect((await t.app.inject({ url: '/v1/admin/disputes/', headers: user.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/admin/disputes/', headers: staff.auth })).statusCode).toBe(200);
    const invalid = await resolve(staff.auth, 1, { decision: 'explode' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().decision).toBeDefined();
    // Revoked in the database: the same token is refused at once; a new sign-in makes the number staff again.
    await t.app.db.update(users).set({ role: 'user' }).where(eq(users.id, staff.id));
    expect((await t.app.inject({ url: '/v1/admin/disputes/', headers: staff.auth })).statusCode).toBe(403);
    t.clock.advance(61_000);
    staff.auth = (await signIn(t.app, staffPhone)).auth;
    expect((await t.app.inject({ url: '/v1/admin/disputes/', headers: staff.auth })).statusCode).toBe(200);
    const spec = (await t.app.inject({ url: '/v1/docs/json' })).json();
    expect(spec.paths['/v1/admin/disputes/'].get.tags).toEqual(['Администрирование']);
  });

  it('lists disputes with both sides, the order and its history; decides each once with an audit row', async () => {
    const partial = await disputed(4000);
    expect(
      (await postReply(t.app, s.seller, partial.id, { action: 'contest', text: 'Молния была целой' })).statusCode,
    ).toBe(200);
    const page = await t.app.inject({ url: '/v1/admin/disputes/?filter=escalated', headers: staff.auth });
    expect(page.statusCode, page.body).toBe(200);
    const item = page.json().results.find((d: { order: { id: number } }) => d.order.id === partial.id);
    expect(item.claim).toMatchObject({ text: 'Сломана молния', reply: { text: 'Молния была целой' } });
    expect(item.claim.photos).toHaveLength(1);
    expect(item.order).toMatchObject({ status: 'disputed', total: 4000 });
    // The history is the order's own (as its seller reads it), with the claim's steps in time order.
    expect(item.history).toBeUndefined();
    expect(item.order.history.map((h: { event: string }) => h.event)).toEqual([
      'created',
      'paid',
      'shipped',
      'delivered',
      'claim_opened',
      'claim_replied',
      'claim_escalated',
    ]);
    expect(item.order.history.find((h: { event: string }) => h.event === 'claim_escalated')).toMatchObject({
      title: 'Спор передан Витрине',
    });
    expect((await t.app.inject({ url: '/v1/admin/disputes/?filter=nope', headers: staff.auth })).statusCode).toBe(400);

    const over = await resolve(staff.auth, partial.id, {
      decision: 'partial_refund',
      amount: 4000,
      comment: 'Половина',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/меньше 4000/);
    const noComment = await resolve(staff.auth, partial.id, { decision: 'release' });
    expect(noComment.json().comment).toBeDefined();
    const done = await resolve(staff.auth, partial.id, {
      decision: 'partial_refund',
      amount: 1500,
      comment: 'Ремонт молнии',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().claim.decision).toMatchObject({
      decision: 'partial_refund',
      amount: 1500,
      decided_by: 'staff',
      comment: 'Ремонт молнии',
    });
    const again = await resolve(staff.auth, partial.id, { decision: 'refund', comment: 'Передумал' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/уже решён/);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(partial.id)));
    expect(audit).toMatchObject([
      {
        staffId: staff.id,
        action: 'dispute.resolve',
        objectType: 'order',
        reason: 'Ремонт молнии',
        details: { decision: 'partial_refund', amount: 150000 },
      },
    ]);

    // Staff may decide a dispute the sides still discuss: a release and a full refund.
    const release = await disputed(2000);
    expect(
      (await resolve(staff.auth, release.id, { decision: 'release', comment: 'Фото не подтверждают' })).statusCode,
    ).toBe(200);
    const refund = await disputed(2500);
    expect((await resolve(staff.auth, refund.id, { decision: 'refund', comment: 'Подделка' })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/v1/admin/disputes/${999999}/resolve/`,
          method: 'POST',
          headers: staff.auth,
          payload: { decision: 'release', comment: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    await expectLedgerOk(t.app);
    await t.app.jobs.runDue();
    expect(await orderRow(t.app, partial.id)).toMatchObject({
      status: 'completed',
      refundedAmount: 150000,
      fee: 25000,
      payout: 225000,
    });
    expect(await orderRow(t.app, release.id)).toMatchObject({
      status: 'completed',
      refundedAmount: null,
      fee: 20000,
      payout: 180000,
    });
    expect(await orderRow(t.app, refund.id)).toMatchObject({ status: 'refunded', refundedAmount: 250000 });
    expect(
      await t.app.db.select().from(testgatewayRefunds).where(eq(testgatewayRefunds.paymentId, refund.gatewayId)),
    ).toMatchObject([{ amount: 250000 }]);
    expect((await t.app.db.select().from(payouts).where(eq(payouts.orderId, release.id)))[0]).toMatchObject({
      amount: 180000,
    });
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'claim_decided'), eq(notifications.userId, s.buyer.id)));
    expect(told.some((n) => n.text.includes('Ремонт молнии'))).toBe(true);
    const sellerTold = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'claim_decided'), eq(notifications.userId, s.seller.id)));
    expect(sellerTold.some((n) => n.text.includes('Фото не подтверждают'))).toBe(true);
    await expectLedgerOk(t.app);
    const decided = await t.app.inject({ url: '/v1/admin/disputes/?filter=decided', headers: staff.auth });
    expect(decided.json().count).toBe(3);
  });
});
