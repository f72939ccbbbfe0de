import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL } from '../../shared/api/client';
import { connectNotifications } from './socket';
import { useNotifications } from './store';
import type { Notification } from './rules';

/** A stand-in for the browser's WebSocket: the test opens, messages and closes it. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  send(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

const n = (id: number): Notification => ({
  id,
  type: 'new_subscriber',
  title: 'У вас новый подписчик',
  text: 'Анна теперь следит за вашими вещами.',
  link: '/seller/2',
  image: null,
  created_at: '2026-11-25T10:00:00Z',
  read: false,
});
const last = () => FakeSocket.all.at(-1)!;

describe('notification socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    // The page hands the API's base to the typed client (openapi-fetch builds an absolute Request from it).
    vi.stubGlobal('window', {
      [API_BASE_GLOBAL]: 'http://shop.test',
      location: { origin: 'http://shop.test' },
      addEventListener() {},
      removeEventListener() {},
    });
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
    // The unread count is asked over REST after the initial list: answer it.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [], unread_count: 7 })),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('connects with the token, takes the initial list, prepends new ones and clears on disconnect', async () => {
    const seen: number[] = [];
    const c = connectNotifications('ab12', (x) => seen.push(x.id));
    expect(last().url).toBe('ws://shop.test/ws/notifications/?token=ab12');
    expect(useNotifications.getState().status).toBe('connecting');
    last().open();
    last().send({ type: 'initial_notifications', notifications: [n(2), n(1)] });
    expect(useNotifications.getState().items.map((x) => x.id)).toEqual([2, 1]);
    await vi.waitFor(() => expect(useNotifications.getState().unread).toBe(7)); // the server's count
    last().send({ type: 'new_notification', notification: n(3) });
    expect(useNotifications.getState().items.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(useNotifications.getState().unread).toBe(8);
    expect(seen).toEqual([3]); // a toast for the new one only
    last().drop(1012);
    expect(useNotifications.getState().items).toEqual([]);
    expect(useNotifications.getState().unread).toBe(0);
    c.stop();
  });

  it('reconnects with growing delays after a restart, and not after 4401', () => {
    const c = connectNotifications('ab12', () => undefined);
    last().drop(1006);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2); // within 1 s
    last().drop(1006);
    expect(useNotifications.getState().status).toBe('failed');
    vi.advanceTimersByTime(900);
    expect(FakeSocket.all).toHaveLength(2); // the second delay is at least 1 s
    vi.advanceTimersByTime(1100);
    expect(FakeSocket.all).toHaveLength(3);
    last().drop(4401);
    expect(useNotifications.getState().status).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(3);
    c.stop();
  });

  it('«Повторить» tries at once; stop closes the socket and stops retrying', () => {
    const c = connectNotifications('ab12', () => undefined);
    last().drop(1006);
    c.retry();
    expect(FakeSocket.all).toHaveLength(2);
    const open = last();
    open.open();
    c.stop();
    expect(open.closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(useNotifications.getState().status).toBe('idle');
  });
});
