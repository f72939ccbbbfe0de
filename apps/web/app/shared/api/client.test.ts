/**
 * The public configuration (spec §7): the API's base URL comes from `PUBLIC_API_URL` as the page's script set it
 * (same origin by default). The calls themselves are tested in typed.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase, publicConfigScript } from './client';

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
