/**
 * Claims and disputes (docs/decisions/0020-claims-and-disputes.md) through HTTP with the clock moved by
 * `POST /v1/dev/clock/`: the buyer's claim inside and outside its window (from shipping to exactly 48 hours after
 * delivery), 404 for anyone else, every timer stopped; the seller's answer (full refund, partial offer, contest) and
 * escalation to staff by time, contest or a rejected offer; a partial offer accepted refunds part through the test
 * bank and pays the seller the rest less the fee on the rest; the ledger balances after each path.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { reconcileReport } from '../../src/modules/payments/reconcile.js';
import { makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import {
  claims,
  jobs,
  notifications,
  partialRefunds,
  payments,
  testgatewayRefunds,
} from '../../src/db/schema/index.js';
import {
  advance,
  deliveredOrder,
  expectLedgerOk,
  orderRow,
  postClaim,
  postReply,
  type Sides,
} from './claim-fixtures.js';

describe.runIf(dbAvailable())('claims', () => {
  let t: TestContext;
  let s: Sides;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    s = { app: t.app, seller, buyer, point: await makePoint(t.app, buyer) };
    stranger = await makeUser(t.app, 'Глеб');
  });
  afterAll(() => t?.close());

  const noticesOf = (userId: number, type: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const post = (who: TestUser, id: number, action: string) =>
    t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/claim/${action}/`, headers: who.auth });
  const claimOf = async (who: TestUser, id: number) => {
    const res = await t.app.inject({ url: `/v1/sales/orders/${id}/claim/`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('takes a claim with photos up to 48 hours after delivery: disputed, timers stopped, seller told', async () => {
    const o = await deliveredOrder(s);
    const delivered = (await orderRow(t.app, o.id)).deliveredAt!;
    expect(await claimOf(s.buyer, o.id)).toMatchObject({
      claim: null,
      can_open: true,
      open_until: new Date(delivered.getTime() + 48 * 3_600_000).toISOString(),
    });
    // Strangers and the seller: 404, nothing stored.
    expect((await postClaim(t.app, stranger, o.id)).statusCode).toBe(404);
    expect((await postClaim(t.app, s.seller, o.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/sales/orders/${o.id}/claim/`, headers: stranger.auth })).statusCode).toBe(
      404,
    );
    const bad = await postClaim(t.app, s.buyer, o.id, { reason: 'dislike', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason[0]).toMatch(/Выберите причину/);
    const long = await postClaim(t.app, s.buyer, o.id, { reason: 'other', text: 'я'.repeat(2001) });
    expect(long.json().text[0]).toMatch(/2000/);

    t.clock.advance(delivered.getTime() + 48 * 3_600_000 - 1000 - t.clock.now().getTime());
    const res = await postClaim(t.app, s.buyer, o.id, undefined, 2);
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json().claim;
    expect(claim).toMatchObject({
      status: 'open',
      reason: 'not_as_described',
      reason_label: 'Вещь не соответствует описанию',
    });
    expect(claim.photos).toHaveLength(2);
    const img = await t.app.inject({ url: claim.photos[0].url });
    expect(img.statusCode).toBe(200);
    expect((await orderRow(t.app, o.id)).status).toBe('disputed');
    const second = await postClaim(t.app, s.buyer, o.id);
    expect(second.statusCode).toBe(400);
    expect(second.json().detail).toMatch(/уже открыт спор/);
    // The seller sees the claim; the buyer cannot confirm any more; the completion by time does nothing.
    expect((await claimOf(s.seller, o.id)).claim.id).toBe(claim.id);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/confirm/`,
      headers: s.buyer.auth,
    });
    expect(confirm.statusCode).toBe(400);
    await advance(t.app, 2 * 86_400_000);
    expect((await orderRow(t.app, o.id)).status).toBe('disputed');
    const completeJobs = (await t.app.db.select().from(jobs).where(eq(jobs.kind, 'orders.auto-complete'))).filter(
      (j) => Number((j.payload as { orderId?: number }).orderId) === o.id,
    );
    expect(completeJobs).toMatchObject([{ status: 'done' }]);
    expect((await noticesOf(s.seller.id, 'claim_opened')).some((n) => n.text.includes('Ответьте до'))).toBe(true);
    expect((await noticesOf(s.buyer.id, 'claim_updated')).length).toBeGreaterThan(0);
    await expectLedgerOk(t.app);
  });

  it('refuses a claim before shipping and exactly 48 hours after delivery; a shipped order may be claimed', async () => {
    const paid = await deliveredOrder(s, 1500, false);
    const shippedClaim = await postClaim(t.app, s.buyer, paid.id, { reason: 'not_received', text: '' });
    expect(shippedClaim.statusCode, shippedClaim.body).toBe(201);
    expect((await orderRow(t.app, paid.id)).status).toBe('disputed');
    // The 14-day delivery by time no longer applies to a disputed order.
    await advance(t.app, 15 * 86_400_000);
    expect((await orderRow(t.app, paid.id)).status).not.toBe('delivered');

    const o = await deliveredOrder(s, 1600);
    const delivered = (await orderRow(t.app, o.id)).deliveredAt!;
    t.clock.advance(delivered.getTime() + 48 * 3_600_000 - t.clock.now().getTime());
    const late = await postClaim(t.app, s.buyer, o.id);
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/в течение 48 часов после доставки — срок истёк/);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, o.id)).status).toBe('completed');
  });

  it('escalates to staff when the seller is silent for 3 days, contests, or the buyer rejects an offer', async () => {
    const silent = await deliveredOrder(s, 2000);
    expect((await postClaim(t.app, s.buyer, silent.id)).statusCode).toBe(201);
    const contested = await deliveredOrder(s, 2100);
    expect((await postClaim(t.app, s.buyer, contested.id)).statusCode).toBe(201);
    const rejected = await deliveredOrder(s, 2200);
    expect((await postClaim(t.app, s.buyer, rejected.id)).statusCode).toBe(201);

    expect((await postReply(t.app, s.buyer, contested.id, { action: 'contest' })).statusCode).toBe(404);
    const c = await postReply(t.app, s.seller, contested.id, { action: 'contest', text: 'Вещь была целой' });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().claim).toMatchObject({
      status: 'escalated',
      escalated_why: 'contest',
      reply: { action: 'contest' },
    });

    const tooMuch = await postReply(t.app, s.seller, rejected.id, { action: 'offer_partial', amount: '2200' });
    expect(tooMuch.json().amount[0]).toMatch(/меньше 2200/);
    const noAmount = await postReply(t.app, s.seller, rejected.id, { action: 'offer_partial' });
    expect(noAmount.json().amount[0]).toMatch(/Укажите сумму/);
    expect((await postReply(t.app, s.seller, rejected.id, { action: 'offer_partial', amount: '500' })).statusCode).toBe(
      200,
    );
    expect((await post(s.seller, rejected.id, 'reject-offer')).statusCode).toBe(404);
    const r = await post(s.buyer, rejected.id, 'reject-offer');
    expect(r.json().claim).toMatchObject({ status: 'escalated', escalated_why: 'rejected', offer_answer: 'rejected' });

    await advance(t.app, 3 * 86_400_000 - 2000);
    expect((await claimOf(s.buyer, silent.id)).claim.status).toBe('open');
    await advance(t.app, 3000);
    expect((await claimOf(s.buyer, silent.id)).claim).toMatchObject({ status: 'escalated', escalated_why: 'timeout' });
    const late = await postReply(t.app, s.seller, silent.id, { action: 'accept' });
    expect(late.statusCode).toBe(400);
    expect((await noticesOf(s.seller.id, 'claim_updated')).some((n) => n.title.startsWith('Спор передан'))).toBe(true);
    for (const id of [silent.id, contested.id, rejected.id])
      expect((await orderRow(t.app, id)).status).toBe('disputed');
    await expectLedgerOk(t.app);
  });

  it('a partial offer accepted refunds that part through the bank and pays the seller the rest less its fee', async () => {
    const o = await deliveredOrder(s, 3000);
    expect((await postClaim(t.app, s.buyer, o.id, undefined, 1)).statusCode).toBe(201);
    const offer = await postReply(t.app, s.seller, o.id, {
      action: 'offer_partial',
      amount: '1000.50',
      text: 'Скидка за пятно',
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().claim).toMatchObject({ status: 'offered', offer_amount: 1000.5 });
    await t.app.jobs.runDue();
    expect((await noticesOf(s.buyer.id, 'claim_updated')).some((n) => n.title.includes('1 000,50'))).toBe(true);
    const ok = await post(s.buyer, o.id, 'accept-offer');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().claim.decision).toMatchObject({ decision: 'partial_refund', amount: 1000.5, decided_by: 'buyer' });
    expect((await post(s.buyer, o.id, 'accept-offer')).statusCode).toBe(400);
    // Until the bank confirms, reconciliation lists the partial refund on its way (and the ledger balances).
    expect((await reconcileReport(t.app.db)).partialRefunds).toMatchObject([{ amount: 100050, state: 'pending' }]);
    await expectLedgerOk(t.app);
    await t.app.jobs.runDue();
    expect((await reconcileReport(t.app.db)).partialRefunds).toEqual([]);

    const row = await orderRow(t.app, o.id);
    // The rest (1 999,50 ₽) less 10 % of it.
    expect(row).toMatchObject({ status: 'completed', refundedAmount: 100050, fee: 19995, payout: 179955 });
    const [bank] = await t.app.db
      .select()
      .from(testgatewayRefunds)
      .where(eq(testgatewayRefunds.paymentId, o.gatewayId));
    expect(bank).toMatchObject({ amount: 100050 });
    const [part] = await t.app.db.select().from(partialRefunds).where(eq(partialRefunds.orderId, o.id));
    expect(part).toMatchObject({ status: 'succeeded', amount: 100050 });
    expect(bank!.idempotenceKey).toBe(`refund-${part!.id}`);
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, o.paymentId));
    expect(pay).toMatchObject({ status: 'succeeded', refundedAmount: 100050 });
    const seen = (await t.app.inject({ url: `/v1/sales/orders/${o.id}/`, headers: s.seller.auth })).json();
    expect(seen).toMatchObject({ status: 'completed', payout: 1799.55 });
    // Both sides read the claim's steps in the order's history, in time order among the order's own.
    const steps = (seen as { history: { event: string; title: string; note: string | null }[] }).history;
    expect(steps.map((h) => h.event)).toEqual(
      expect.arrayContaining(['delivered', 'claim_opened', 'claim_replied', 'claim_offer_answered', 'claim_decided']),
    );
    expect(steps.findIndex((h) => h.event === 'claim_opened')).toBeGreaterThan(
      steps.findIndex((h) => h.event === 'delivered'),
    );
    // The buyer's acceptance is the decision that completes the deal: cause before effect, though at one instant.
    expect(steps.map((h) => h.event).filter((e) => /^claim_(offer|decided)|^completed$/.test(e))).toEqual([
      'claim_offer_answered',
      'claim_decided',
      'completed',
    ]);
    expect(steps.find((h) => h.event === 'claim_replied')).toMatchObject({
      title: 'Продавец предложил частичный возврат',
      note: '1 000,50 ₽',
    });
    expect(steps.find((h) => h.event === 'claim_decided')?.title).toBe('Решение по спору: вернуть часть денег');
    expect((await noticesOf(s.buyer.id, 'payment_refunded')).some((n) => n.text.includes('По спору'))).toBe(true);
    expect((await noticesOf(s.seller.id, 'claim_decided')).some((n) => n.text.includes('1 799,55'))).toBe(true);
    await expectLedgerOk(t.app);
  });

  it('the seller accepting a claim refunds the whole payment: refunded, ledger balanced', async () => {
    const o = await deliveredOrder(s, 2700);
    expect((await postClaim(t.app, s.buyer, o.id, { reason: 'counterfeit', text: '' })).statusCode).toBe(201);
    const acc = await postReply(t.app, s.seller, o.id, { action: 'accept', text: 'Извините' });
    expect(acc.statusCode, acc.body).toBe(200);
    expect(acc.json().claim.decision).toMatchObject({ decision: 'refund', amount: 2700, decided_by: 'seller' });
    await expectLedgerOk(t.app);
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, o.id);
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: o.total });
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, o.paymentId));
    expect(pay).toMatchObject({ status: 'refunded', refundedAmount: o.total });
    expect((await t.app.db.select().from(claims).where(eq(claims.orderId, o.id)))[0]!.status).toBe('decided');
    await expectLedgerOk(t.app);
  });
});
