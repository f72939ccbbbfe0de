import { describe, expect, it } from 'vitest';
import {
  allRead,
  appendPage,
  backoffDelay,
  disconnected,
  EMPTY_LIST,
  idsRead,
  markedRead,
  nextPage,
  parseMessage,
  receiveInitial,
  receiveNew,
  socketUrl,
  type Notification,
} from './rules';

const n = (id: number, read = false, title = `n${id}`): Notification => ({
  id,
  type: 'new_subscriber',
  title,
  text: 'Анна подписалась на вас',
  link: '/seller/1',
  image: null,
  created_at: '2026-11-25T10:00:00Z',
  read,
});

describe('notification list rules', () => {
  it('initial_notifications replaces the whole list and counts its unread', () => {
    const before = receiveNew(receiveInitial(EMPTY_LIST, [n(1)]), n(9));
    const s = receiveInitial(before, [n(3), n(2, true)]);
    expect(s.items.map((x) => x.id)).toEqual([3, 2]);
    expect(s.unread).toBe(1);
    expect(s.received).toBe(true);
    expect(s.hasMore).toBe(false);
    expect(
      receiveInitial(
        EMPTY_LIST,
        Array.from({ length: 50 }, (_, i) => n(50 - i)),
      ).hasMore,
    ).toBe(true);
  });

  it('notifications_read (a conversation read in some tab) shows those read and takes the server’s count', () => {
    const s0 = receiveInitial(EMPTY_LIST, [n(3), n(2), n(1)]);
    const msg = parseMessage(JSON.stringify({ type: 'notifications_read', ids: [2, 'x'], unread_count: 2 }));
    expect(msg).toEqual({ type: 'notifications_read', ids: [2], unread_count: 2 });
    const s1 = idsRead(s0, [2], 2);
    expect(s1.items.map((x) => x.read)).toEqual([false, true, false]);
    expect(s1.unread).toBe(2);
  });

  it('new_notification goes to the front and raises the count', () => {
    const s = receiveNew(receiveInitial(EMPTY_LIST, [n(2), n(1, true)]), n(3));
    expect(s.items.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(s.unread).toBe(2);
  });

  it('a renewed aggregate (same id) replaces its item and moves to the front, never twice', () => {
    const s0 = receiveInitial(EMPTY_LIST, [n(3), n(2), n(1, true, 'Анна выставила вещь')]);
    const s1 = receiveNew(s0, n(1, false, 'Анна выставила ещё 3 вещи'));
    expect(s1.items.map((x) => x.id)).toEqual([1, 3, 2]);
    expect(s1.items[0]!.title).toBe('Анна выставила ещё 3 вещи');
    expect(s1.unread).toBe(3); // read → unread again
    const s2 = receiveNew(s1, n(1, false, 'Анна выставила ещё 4 вещи'));
    expect(s2.items).toHaveLength(3);
    expect(s2.unread).toBe(3); // unread → unread: no change
  });

  it('disconnect clears the list and the count', () => {
    const s = receiveNew(receiveInitial(EMPTY_LIST, [n(1)]), n(2));
    expect(disconnected()).toEqual(EMPTY_LIST);
    expect(s.unread).toBe(2);
  });

  it('marking read updates the item and takes the server count; read-all zeroes it', () => {
    const s = receiveInitial(EMPTY_LIST, [n(2), n(1)]);
    const r = markedRead(s, { ...n(2), read: true }, 1);
    expect(r.items.map((x) => x.read)).toEqual([true, false]);
    expect(r.unread).toBe(1);
    const all = allRead(s);
    expect(all.items.every((x) => x.read)).toBe(true);
    expect(all.unread).toBe(0);
  });

  it('older REST pages are appended without duplicates', () => {
    const s = receiveInitial(
      EMPTY_LIST,
      Array.from({ length: 50 }, (_, i) => n(100 - i)),
    );
    expect(nextPage(s)).toBe(3); // items 41–60
    const p = appendPage(
      s,
      Array.from({ length: 20 }, (_, i) => n(60 - i)),
      true,
    );
    expect(p.items).toHaveLength(60);
    expect(new Set(p.items.map((x) => x.id)).size).toBe(60);
    expect(p.items.at(-1)!.id).toBe(41);
    expect(appendPage(p, [], false).hasMore).toBe(false);
  });
});

describe('socket helpers', () => {
  it('backs off from 1 s to 30 s with jitter', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(1000);
    expect(backoffDelay(3, 1)).toBe(8000);
    expect(backoffDelay(10, 1)).toBe(30_000);
    expect(backoffDelay(50, 0)).toBe(15_000);
  });

  it('parses the two messages and ignores anything else', () => {
    expect(parseMessage(JSON.stringify({ type: 'initial_notifications', notifications: [n(1), { id: 'x' }] }))).toEqual(
      {
        type: 'initial_notifications',
        notifications: [n(1)],
      },
    );
    expect(parseMessage(JSON.stringify({ type: 'new_notification', notification: n(2) }))?.type).toBe(
      'new_notification',
    );
    expect(parseMessage(JSON.stringify({ type: 'new_notification', notification: { id: 1 } }))).toBeNull();
    expect(parseMessage('{oops')).toBeNull();
    expect(parseMessage(JSON.stringify({ type: 'ping' }))).toBeNull();
  });

  it('builds the socket address from the API base or the page origin', () => {
    expect(socketUrl('', 'https://vitrina.example', 'ab12')).toBe('wss://vitrina.example/ws/notifications/?token=ab12');
    expect(socketUrl('', 'http://127.0.0.1:3222', 'ab12')).toBe('ws://127.0.0.1:3222/ws/notifications/?token=ab12');
    expect(socketUrl('https://api.example/base', 'http://x', 't')).toBe(
      'wss://api.example/base/ws/notifications/?token=t',
    );
  });
});
