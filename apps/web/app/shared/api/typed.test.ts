/**
 * The typed client (openapi-fetch on the server's OpenAPI types) answers as spec §8 asks: the configured base URL, the
 * token, `{ ok: true, data }`, and a failure as `{ ok: false, error }` with a Russian message — never a throw. Its
 * query form (`typedQuery`) unwraps the answer for TanStack Query; uploads fill the document's path parameters.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL, configureApiAuth } from './client';
import { ApiError, typedQuery } from './query';
import { apiClient } from './typed';
import { fillPath } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiAuth(
    () => null,
    () => undefined,
  );
});

const onBase = () => vi.stubGlobal('window', { [API_BASE_GLOBAL]: 'https://api.vitrina.example/' });

describe('apiClient', () => {
  it('calls the configured base URL with the path parameters and the token, and answers the data', async () => {
    onBase();
    configureApiAuth(
      () => 'abc',
      () => undefined,
    );
    const fetch = vi.fn(async (_: Request) => new Response('{"success":true,"revoked":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const res = await apiClient.DELETE('/v1/auth/sessions/{id}/', { params: { path: { id: 7 } } });
    expect(res).toEqual({ ok: true, data: { success: true, revoked: 1 }, status: 200 });
    const request = fetch.mock.calls[0]![0];
    expect(request.url).toBe('https://api.vitrina.example/v1/auth/sessions/7/');
    expect(request.method).toBe('DELETE');
    expect(request.headers.get('authorization')).toBe('Token abc');
  });

  it('sends no token with auth: false, and a JSON body', async () => {
    onBase();
    configureApiAuth(
      () => 'abc',
      () => undefined,
    );
    const fetch = vi.fn(async (_: Request) => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await apiClient.POST('/v1/auth/send-code/', { body: { phone: '+79991234567' }, auth: false });
    const request = fetch.mock.calls[0]![0];
    expect(request.headers.get('authorization')).toBeNull();
    expect(await request.json()).toEqual({ phone: '+79991234567' });
  });

  it('sends a multipart form as is, with the browser boundary instead of a JSON type', async () => {
    onBase();
    const fetch = vi.fn(async (_: Request) => new Response('{"id":3}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('city', 'Москва');
    await apiClient.POST('/v1/delivery_points/', { form });
    const request = fetch.mock.calls[0]![0];
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await request.formData()).get('city')).toBe('Москва');
  });

  it('never throws: a network failure, a 400 and a 502 page come back as errors with a Russian message', async () => {
    onBase();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiClient.GET('/v1/self/')).toMatchObject({ ok: false, error: { status: 0 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('{"phone":["Обязательное поле."]}', { status: 400, headers: { 'retry-after': '3' } }),
      ),
    );
    expect(await apiClient.POST('/v1/auth/send-code/', { body: { phone: '' } })).toEqual({
      ok: false,
      error: {
        status: 400,
        message: 'Обязательное поле.',
        fields: { phone: ['Обязательное поле.'] },
        retryAfter: 3,
        body: { phone: ['Обязательное поле.'] },
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await apiClient.GET('/v1/self/')).toMatchObject({
      ok: false,
      error: { status: 502, message: 'Сервер временно недоступен. Попробуйте ещё раз.' },
    });
  });

  it('reports a 401 to the token provider only when a token was sent', async () => {
    onBase();
    const unauthorized = vi.fn();
    configureApiAuth(() => 'abc', unauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"Нужно войти."}', { status: 401 })),
    );
    expect(await apiClient.GET('/v1/self/')).toMatchObject({
      ok: false,
      error: { status: 401, message: 'Нужно войти.' },
    });
    await apiClient.GET('/v1/self/', { auth: false });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a given token instead of the current one; its 401 signs nobody out once it is no longer in use', async () => {
    onBase();
    const unauthorized = vi.fn();
    configureApiAuth(() => null, unauthorized); // signed out on the page, the old token revoked on the server
    const fetch = vi.fn(async (_: Request) => new Response('{"detail":"Нужно войти."}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    expect(await apiClient.POST('/v1/auth/logout/', { token: 'old' })).toMatchObject({ ok: false });
    expect(fetch.mock.calls[0]![0].headers.get('authorization')).toBe('Token old');
    configureApiAuth(() => 'new', unauthorized); // signed in again meanwhile
    await apiClient.POST('/v1/auth/logout/', { token: 'old' });
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('typedQuery', () => {
  it('asks the path with its path and query parameters and the abort signal, and answers the data', async () => {
    onBase();
    const fetch = vi.fn(async (_: Request) => new Response('{"count":3}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const ctl = new AbortController();
    const query = typedQuery('/v1/public/facets/', { params: { query: { q: 'кеды и кроссовки', seller: 4 } } });
    expect(await query({ signal: ctl.signal })).toEqual({ count: 3 });
    const request = fetch.mock.calls[0]![0];
    expect(decodeURIComponent(request.url)).toBe(
      'https://api.vitrina.example/v1/public/facets/?q=кеды и кроссовки&seller=4',
    );
    ctl.abort(); // the query's signal is the request's: TanStack cancels a query by aborting it
    expect(request.signal.aborted).toBe(true);
    await typedQuery('/v1/public/products/{slug}/', { params: { path: { slug: 'a/b' } } })({});
    expect(fetch.mock.calls[1]![0].url).toBe('https://api.vitrina.example/v1/public/products/a%2Fb/');
  });

  it('throws the failure as an ApiError carrying the Russian message (for TanStack Query)', async () => {
    onBase();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"Товар не найден."}', { status: 404 })),
    );
    const query = typedQuery('/v1/public/products/{slug}/', { params: { path: { slug: 'x' } } });
    await expect(query({})).rejects.toBeInstanceOf(ApiError);
    await expect(query({})).rejects.toMatchObject({ info: { status: 404, message: 'Товар не найден.' } });
  });
});

describe('fillPath (uploads)', () => {
  it("puts the parameters into the document's path, encoded", () => {
    expect(fillPath('/v1/chats/{id}/messages/', { id: 7 })).toBe('/v1/chats/7/messages/');
    expect(fillPath('/v1/self/change/', undefined)).toBe('/v1/self/change/');
    expect(fillPath('/v1/x/{slug}/', { slug: 'a b/c' })).toBe('/v1/x/a%20b%2Fc/');
  });
});
