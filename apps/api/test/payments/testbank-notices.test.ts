/**
 * The test bank behaves like a real one: its notices are stored with the charge and delivered by a job with back-off
 * for 24 hours until the shop answers 2xx — across a restart of either side. What the shop checks (the bank's word,
 * the installation's own secret) and `/metrics`: testbank-checks.test.ts; the world: testbank-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useTestBank } from './testbank-world.js';

describe.runIf(dbAvailable())('test bank notices: stored, re-delivered for 24 h, verified by a call back', () => {
  const w = useTestBank();
  const { shopFront, bankProcess, payAtBank, orderStatus, noticeOf, queuedDeliveries, newOrder, advance } = w;

  it('re-delivers a notice the shop answered 500, with back-off, until it is answered 2xx', async () => {
    const bank = await bankProcess(shopFront.url);
    try {
      const { order, gatewayId } = await newOrder(3100);
      shopFront.failures = 2;
      shopFront.hits = 0;
      const paid = await payAtBank(bank, gatewayId);
      expect(paid.json().status).toBe('succeeded');
      expect(await orderStatus(order.id)).toBe('awaiting_payment');
      let n = await noticeOf(gatewayId);
      expect(n).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
      expect(await queuedDeliveries(n.id)).toHaveLength(1);

      await advance(bank, 29_000);
      expect(shopFront.hits).toBe(1); // not before its time
      await advance(bank, 1_000);
      expect(shopFront.hits).toBe(2);
      expect(await noticeOf(gatewayId)).toMatchObject({ status: 'pending', attempts: 2, lastStatus: 500 });
      await advance(bank, 59_000);
      expect(shopFront.hits).toBe(2); // the second wait is twice as long
      await advance(bank, 1_000);
      expect(shopFront.hits).toBe(3);
      n = await noticeOf(gatewayId);
      expect(n).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
      expect(await orderStatus(order.id)).toBe('paid');

      // delivered: the queued try does nothing, nothing more is queued
      await advance(bank, 3_600_000);
      expect(shopFront.hits).toBe(3);
      expect(await queuedDeliveries(n.id)).toHaveLength(0);
    } finally {
      await bank.close();
    }
  });

  it('delivers after the shop was down and the bank restarted: the notice lives in the database', async () => {
    const bank = await bankProcess(w.deadUrl);
    const { order, gatewayId } = await newOrder(3200);
    try {
      expect((await payAtBank(bank, gatewayId)).json().status).toBe('succeeded');
      expect(await noticeOf(gatewayId)).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
      expect((await noticeOf(gatewayId)).lastError).toBeTruthy();
    } finally {
      await bank.close(); // the process dies; its memory with it
    }
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
    // a restarted process (delivering in-process, the shop is up again) picks the notice up at its time
    await advance(w.t.app, 30_000);
    expect(await noticeOf(gatewayId)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('gives a notice up after 24 hours of failures; the shop learned of the charge from the bank all the same', async () => {
    const bank = await bankProcess(w.deadUrl);
    try {
      const { order, gatewayId } = await newOrder(3300);
      expect((await payAtBank(bank, gatewayId)).json().status).toBe('succeeded');
      const n = await noticeOf(gatewayId);
      let tries = 0;
      for (let h = 0; h < 25 * 4 && (await noticeOf(gatewayId)).status === 'pending'; h++) {
        await advance(bank, 15 * 60_000);
        tries += 1;
      }
      const last = await noticeOf(gatewayId);
      expect(last.status).toBe('dead');
      expect(tries * 15 * 60_000).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(tries * 15 * 60_000).toBeLessThanOrEqual(24 * 3_600_000 + 15 * 60_000);
      // 30 s doubling to 1 h: 8 quick tries in the first ~2 hours, then hourly
      expect(last.attempts).toBeGreaterThanOrEqual(25);
      expect(last.attempts).toBeLessThanOrEqual(32);
      expect(await queuedDeliveries(n.id)).toHaveLength(0);
      // the reservation's expiry asked the bank: paid, not cancelled
      expect(await orderStatus(order.id)).toBe('paid');
    } finally {
      await bank.close();
    }
  });
});
