/**
 * The unread total's refresh (unread.ts): calls within 300 ms share one request, and a refresh that comes due after
 * «Выйти» asks nothing (without a token the server answers 401, which the browser reports as an error).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../shared/api/client';
import { fetchUnreadTotal } from './api';
import { refreshUnread, useChatUnread } from './unread';

vi.mock('./api', () => ({ fetchUnreadTotal: vi.fn(async () => 3) }));
vi.mock('../notifications', () => ({ onChatSocketMessage: vi.fn() }));

const signedIn = (token: string | null) =>
  configureApiAuth(
    () => token,
    () => undefined,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(fetchUnreadTotal).mockClear();
  signedIn(null);
});

describe('refreshUnread', () => {
  it('asks once for the calls within 300 ms and keeps the answer', async () => {
    signedIn('abc');
    refreshUnread();
    refreshUnread();
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchUnreadTotal).toHaveBeenCalledTimes(1);
    expect(useChatUnread.getState().total).toBe(3);
  });

  it('asks nothing when signed out before it comes due', async () => {
    signedIn('abc');
    refreshUnread(); // e.g. a socket message just before «Выйти»
    signedIn(null);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchUnreadTotal).not.toHaveBeenCalled();
  });
});
