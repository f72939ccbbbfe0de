/**
 * The API client and the public configuration (spec §7, §8): the base URL comes from `PUBLIC_API_URL` as
 * the page's script set it (same origin by default), and a failed call answers `{ ok: false }` instead of
 * throwing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiBase, publicConfigScript } from './client';

/** Runs the page's public-configuration script against a stand-in `window`. */
function runScript(apiUrl: string) {
  const win: Record<string, unknown> = {};
  vi.stubGlobal('window', win);
  new Function('window', publicConfigScript(apiUrl))(win);
  return win;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiBase', () => {
  it('is the same origin when nothing is configured, and on the server', () => {
    expect(apiBase()).toBe('');
    vi.stubGlobal('window', {});
    expect(apiBase()).toBe('');
  });

  it('reads PUBLIC_API_URL from the public-configuration script, without a trailing slash', () => {
    runScript('https://api.vitrina.example/');
    expect(apiBase()).toBe('https://api.vitrina.example');
  });

  it('keeps a configured value from ending the inline script', () => {
    const win = runScript('https://x.example/</script><script>alert(1)</script>');
    expect(publicConfigScript('</script>')).not.toContain('</script>');
    expect(win.__VT_API__).toBe('https://x.example/</script><script>alert(1)</script>');
  });
});

describe('api', () => {
  it('calls the configured base URL and answers the data', async () => {
    runScript('https://api.vitrina.example');
    const fetch = vi.fn(async () => new Response('{"ok":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(api('/v1/ping/')).resolves.toEqual({ ok: true, data: { ok: 1 }, status: 200 });
    expect(fetch).toHaveBeenCalledWith('https://api.vitrina.example/v1/ping/', expect.anything());
  });

  it('never throws: a network failure and a 400 come back as errors with a Russian message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const down = await api('/v1/self/');
    expect(down).toMatchObject({ ok: false, error: { status: 0 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"title":["Обязательное поле."]}', { status: 400 })),
    );
    const bad = await api('/v1/products/', { method: 'POST' });
    expect(bad).toEqual({
      ok: false,
      error: {
        status: 400,
        message: 'Обязательное поле.',
        fields: { title: ['Обязательное поле.'] },
        retryAfter: undefined,
        body: { title: ['Обязательное поле.'] },
      },
    });
  });
});
