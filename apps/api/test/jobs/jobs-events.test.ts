/**
 * Domain events (architecture §6) on the real database: an event is recorded with its change and handled once by
 * each subscriber, payloads are checked against their schema; and the development clock endpoint, which moves time and
 * runs what came due, and is 404 in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { events, jobs } from '../../src/db/schema/index.js';
import type { Tx } from '../../src/db/client.js';
import { EventBus } from '../../src/modules/jobs/index.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('domain events', () => {
  let t: TestContext;
  const seen: string[] = [];
  /** A bus over a catalogue of its own: the test's events reach no subscriber of the app. */
  const catalogue = {
    'test.order_paid': z.object({ orderId: z.number().int().positive() }),
    'test.nobody_listens': z.object({ x: z.number() }),
  };
  let bus: EventBus<typeof catalogue>;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    bus = new EventBus(t.app, t.app.jobs, catalogue);
    bus.subscribe('test.order_paid', 'test.notify-seller', async ({ event }) => {
      seen.push(`seller ${event.payload.orderId}`);
    });
    bus.subscribe('test.order_paid', 'test.count-sale', async ({ event }) => {
      seen.push(`stats ${event.payload.orderId}`);
    });
  });
  afterAll(() => t?.close());

  it('records an event with its change and has every subscriber handle it once', async () => {
    await t.app.db.transaction((tx) => bus.emit(tx, 'test.order_paid', { orderId: 7 }));
    await t.app.db
      .transaction(async (tx) => {
        await bus.emit(tx, 'test.order_paid', { orderId: 8 });
        throw new Error('the change rolled back');
      })
      .catch(() => undefined);
    expect(await t.app.jobs.runDue()).toBe(2);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(seen.sort()).toEqual(['seller 7', 'stats 7']);
    const recorded = await t.app.db.select().from(events).where(eq(events.type, 'test.order_paid'));
    expect(recorded.map((e) => e.payload)).toEqual([{ orderId: 7 }]);
  });

  it('records an event nobody subscribes to without queueing jobs', async () => {
    const id = await t.app.db.transaction((tx) => bus.emit(tx, 'test.nobody_listens', { x: 1 }));
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.eventId, id));
    expect(queued).toEqual([]);
  });

  it('refuses a payload that breaks its schema at run time, recording nothing', async () => {
    const before = await t.app.db.select().from(events).where(eq(events.type, 'test.order_paid'));
    await expect(
      t.app.db.transaction((tx) => bus.emit(tx, 'test.order_paid', { orderId: Number('семь') })),
    ).rejects.toThrow(/orderId/);
    const after = await t.app.db.select().from(events).where(eq(events.type, 'test.order_paid'));
    expect(after).toHaveLength(before.length);
  });

  it('ends the job of a stale payload dead at once, naming the field, without running the subscriber', async () => {
    seen.length = 0;
    // A row written before the schema changed (here: the old snake_case key).
    const [ev] = await t.app.db
      .insert(events)
      .values({ type: 'test.order_paid', payload: { order_id: 9 }, createdAt: t.clock.now() })
      .returning({ id: events.id });
    const event = { id: ev!.id, type: 'test.order_paid', payload: { order_id: 9 }, createdAt: t.clock.now() };
    await t.app.jobs.enqueue(t.app.db, 'event:test.notify-seller', { event }, { eventId: ev!.id });
    await t.app.jobs.runDue();
    expect(seen).toEqual([]);
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.eventId, ev!.id));
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job!.lastError).toMatch(/orderId/);
  });

  it("types the app's events by the catalogue: an unknown name or a wrong payload does not compile", () => {
    const typed = (tx: Tx) => {
      // @ts-expect-error — no such event in the catalogue
      void t.app.events.emit(tx, 'order.payed', { orderId: 1 });
      // @ts-expect-error — the payload of `order.paid` is {orderId}
      void t.app.events.emit(tx, 'order.paid', { order_id: 1 });
      // @ts-expect-error — `by` is one of the catalogue's cancellers
      void t.app.events.emit(tx, 'order.cancelled', { orderId: 1, by: 'робот' });
      t.app.events.subscribe('listing.sold_out', 'test.typed', async ({ event }) => {
        const buyer: number | null = event.payload.buyerId;
        // @ts-expect-error — the payload has no snake_case keys
        void event.payload.buyer_id;
        void buyer;
      });
    };
    expect(typeof typed).toBe('function');
  });
});

describe.runIf(dbAvailable())('development clock', () => {
  let t: TestContext;
  const ran: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    t.app.jobs.define('test.at', async ({ now }) => {
      ran.push(now.getTime());
    });
  });
  afterAll(() => t?.close());

  it('POST /v1/dev/clock/ moves the clock and runs every job that came due before answering', async () => {
    const start = t.clock.now().getTime();
    await t.app.jobs.enqueue(t.app.db, 'test.at', {}, { runAt: new Date(start + 10 * 60_000) });
    await t.app.jobs.enqueue(t.app.db, 'test.at', {}, { runAt: new Date(start + 20 * 60_000) });
    const res = await t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: 900 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: new Date(start + 900_000).toISOString() });
    expect(ran).toEqual([start + 900_000]);
  });

  it('answers a bad body with a Russian 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: -5 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['advance_seconds']);
  });
});

describe.runIf(dbAvailable())('development clock in production', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vitrina.example',
      JOBS_POLL_MS: '0',
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID: 'x',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 'k',
    });
  });
  afterAll(() => t?.close());

  it('is 404', async () => {
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: 60 } });
    expect(res.statusCode).toBe(404);
    expect(t.clock.now().getTime()).toBe(before);
  });
});
