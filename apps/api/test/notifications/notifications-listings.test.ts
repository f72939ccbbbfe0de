/**
 * A followed seller's new listings notify the followers (`listing.published`), aggregated per hour: same id, unread
 * again, sent again; a hidden listing and a follower who opted out get nothing; many followers are notified in
 * chunks. The test fixtures write listings directly, so those events are emitted by the test. The order events:
 * notifications-events.test.ts; the world: notifications-events-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, products, subscriptions, users } from '../../src/db/schema/index.js';
import { dbAvailable } from '../helpers.js';
import { makeListing, makeUser } from '../buy-fixtures.js';
import { newOf, openSocket } from '../ws-client.js';
import { useEventsWorld } from './notifications-events-world.js';

describe.runIf(dbAvailable())('notifications of domain events', () => {
  const w = useEventsWorld();
  const { emit, emitAndRun, listOf } = w;

  it('listing.published: followers get one notification per seller per hour, renewed with the same id', async () => {
    const owner = await makeUser(w.t.app, 'Анна');
    const fan = await makeUser(w.t.app, 'Борис');
    const quiet = await makeUser(w.t.app, 'Глеб');
    await makeListing(w.t.app, owner.id); // a seller page to subscribe to
    for (const f of [fan, quiet]) {
      await w.t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${owner.id}/`, headers: f.auth });
    }
    await w.t.app.jobs.runDue();
    await w.t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: quiet.auth,
      payload: { settings: [{ type: 'new_listing', site: false }] },
    });
    const socket = openSocket(w.base, `token=${fan.auth.authorization.slice(6)}`);
    await socket.next((m) => m.type === 'initial_notifications');

    const publish = async (title: string, price: number) => {
      const l = await makeListing(w.t.app, owner.id, [{ size: 'M', price, count: 1 }], title);
      await emitAndRun({ listingId: l.id, ownerId: owner.id });
      return l;
    };
    const first = await publish('Платье', 2500);
    const n1 = newOf(await socket.next());
    expect(n1).toMatchObject({
      type: 'new_listing',
      title: 'Анна Тестова: новая вещь',
      text: 'Платье — 2 500 ₽',
      link: `/product/${first.slug}`,
      read: false,
    });
    await w.t.app.inject({ method: 'POST', url: `/v1/notifications/${n1.id}/read/`, headers: fan.auth });

    w.t.clock.advance(20 * 60_000);
    // Each renewal is awaited before the next listing: a process loads a notification when its NOTIFY arrives, so
    // two renewals in a row may both be read as the second, which the socket sends once (it has that version).
    await publish('Юбка', 1800);
    const n2 = newOf(await socket.next());
    await publish('Блузка', 1200);
    const n3 = newOf(await socket.next());
    expect(n2.id).toBe(n1.id);
    expect(n3).toMatchObject({
      id: n1.id,
      title: 'Анна Тестова выставляет ещё 2 вещи',
      text: 'Новых вещей за час: 3. Последняя — Блузка, 1 200 ₽.',
      link: `/seller/${owner.id}`,
      read: false,
      created_at: w.t.clock.now().toISOString(),
    });
    let list = await listOf(fan);
    expect(list.filter((n) => n.type === 'new_listing')).toHaveLength(1);
    expect(list[0]!.id).toBe(n1.id);

    // An hour after the first: a new notification.
    w.t.clock.advance(41 * 60_000);
    await publish('Пиджак', 7000);
    const n4 = newOf(await socket.next());
    expect(n4.id).not.toBe(n1.id);
    expect(n4.title).toBe('Анна Тестова: новая вещь');
    list = await listOf(fan);
    expect(list.map((n) => n.id).slice(0, 2)).toEqual([n4.id, n1.id]);

    // A listing hidden before the job ran notifies nobody; nor does anything reach the follower who opted out.
    const hidden = await makeListing(w.t.app, owner.id, [{ size: 'M', price: 100, count: 1 }], 'Черновик');
    await emit({ listingId: hidden.id, ownerId: owner.id });
    await w.t.app.db.update(products).set({ status: 'draft' }).where(eq(products.id, hidden.id));
    await w.t.app.jobs.runDue();
    expect((await listOf(fan))[0]!.id).toBe(n4.id);
    const quietRows = await w.t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, quiet.id), eq(notifications.type, 'new_listing')));
    expect(quietRows).toEqual([]);
    socket.close();
  });

  it('listing.published: a seller with many followers is notified in chunks, each follower once', async () => {
    const owner = await makeUser(w.t.app, 'Ольга');
    const many = await w.t.app.db
      .insert(users)
      .values(Array.from({ length: 450 }, (_, i) => ({ firstName: `Подписчик ${i}` })))
      .returning({ id: users.id });
    await w.t.app.db
      .insert(subscriptions)
      .values(many.map((u) => ({ subscriberId: u.id, sellerId: owner.id, createdAt: w.t.clock.now() })));
    const l = await makeListing(w.t.app, owner.id, [{ size: 'M', price: 900, count: 1 }], 'Ремень');
    await emit({ listingId: l.id, ownerId: owner.id });
    // The event's job, then one job per 200 followers.
    expect(await w.t.app.jobs.runDue()).toBe(1 + 3);
    const made = await w.t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'new_listing'), eq(notifications.link, `/product/${l.slug}`)));
    expect(new Set(made.map((n) => n.userId)).size).toBe(450);
    expect(made).toHaveLength(450);
  });
});
