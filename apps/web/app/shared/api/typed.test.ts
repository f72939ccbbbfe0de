/**
 * The typed client (openapi-fetch on the server's OpenAPI types) answers like `api()` (spec §8): the configured base
 * URL, the token, `{ ok: true, data }`, and a failure as `{ ok: false, error }` with a Russian message — never a throw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL, configureApiAuth } from './client';
import { apiClient } from './typed';

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
});
