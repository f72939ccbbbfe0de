/**
 * The unread total's refresh (unread.ts) through the real typed client, with only the network stubbed: calls within
 * 300 ms share one request, and a refresh that comes due after «Выйти» asks nothing (without a token the server
 * answers 401, which the browser reports as an error).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL, configureApiAuth } from '../../shared/api/client';
import { refreshUnread, useChatUnread } from './unread';

const signedIn = (token: string | null) =>
  configureApiAuth(
    () => token,
    () => undefined,
  );

const fetch = vi.fn(
  async (_: Request) =>
    new Response('{"count":0,"next":null,"previous":null,"results":[],"unread_total":3}', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { [API_BASE_GLOBAL]: 'https://api.vitrina.example/' });
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetch.mockClear();
  useChatUnread.setState({ total: 0 });
  signedIn(null);
});

describe('refreshUnread', () => {
  it('asks once for the calls within 300 ms, with the token, and keeps the answer', async () => {
    signedIn('abc');
    refreshUnread();
    refreshUnread();
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(useChatUnread.getState().total).toBe(3));
    expect(fetch).toHaveBeenCalledTimes(1);
    const request = fetch.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/v1/chats/');
    expect(request.headers.get('authorization')).toBe('Token abc');
  });

  it('asks nothing when signed out before it comes due', async () => {
    signedIn('abc');
    refreshUnread(); // e.g. a socket message just before «Выйти»
    signedIn(null);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch).not.toHaveBeenCalled();
  });
});
