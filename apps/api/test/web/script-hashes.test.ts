/**
 * A page's inline scripts allowed by their hashes instead of the render's nonce (src/lib/script-hashes.ts): the
 * scripts the render meant to run (with its nonce) get their hashes in the CSP, the nonce leaves the page, and a page
 * that holds anything else is left as it was, with its nonce.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInlineScripts } from '../../src/lib/script-hashes.js';

const NONCE = 'q1W+e2R/t3Y=';
const CSP = `default-src 'self';script-src 'self' 'nonce-${NONCE}' https://api-maps.yandex.ru;script-src-attr 'none'`;
const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

const run = (html: string) => hashInlineScripts(Buffer.from(html), CSP, NONCE);

describe('inline scripts allowed by their hashes', () => {
  it('names each script of the render by its hash, once, and takes the nonce out of the page', () => {
    const page =
      `<head><link data-rel="modulepreload" href="/a.js" nonce="${NONCE}"/><script nonce="${NONCE}">window.a = "цена";</script></head>` +
      `<body><p>текст</p><script type="application/ld+json" nonce="${NONCE}">{"@type":"Product"}</script>` +
      `<script type="text/vt-deferred-module" nonce="${NONCE}">import "/b.js";</script>` +
      `<script nonce="${NONCE}">window.a = "цена";</script><script src="/c.js" nonce="${NONCE}"></script></body>`;
    const out = run(page);
    expect(out.hashed).toBe(true);
    expect(out.html.toString()).toBe(page.replaceAll(` nonce="${NONCE}"`, ''));
    expect(out.csp).toBe(
      `default-src 'self';script-src 'self' ${sha('window.a = "цена";')} ${sha('import "/b.js";')} ` +
        "https://api-maps.yandex.ru;script-src-attr 'none'",
    );
  });

  it('leaves a page with a script the render did not mark as it was: that script does not run', () => {
    const page = `<script nonce="${NONCE}">window.a = 1;</script><div><script>alert(1)</script></div>`;
    const out = run(page);
    expect(out.hashed).toBe(false);
    expect(out.html.toString()).toBe(page);
    expect(out.csp).toBe(CSP);
  });

  it('leaves a page as it was when a script is left open or the nonce is found elsewhere', () => {
    for (const page of [
      `<script nonce="${NONCE}">window.a = 1;`,
      `<script nonce="${NONCE}">window.n = "${NONCE}";</script>`,
      `<p data-x="${NONCE}"></p><script nonce="${NONCE}">1</script>`,
    ]) {
      const out = run(page);
      expect(out.hashed, page).toBe(false);
      expect(out.html.toString(), page).toBe(page);
    }
  });

  it('leaves a page and a CSP without the nonce as they were', () => {
    const page = '<p>нет скриптов</p>';
    expect(hashInlineScripts(Buffer.from(page), "script-src 'self'", NONCE)).toMatchObject({ hashed: false });
    expect(run(page)).toMatchObject({ hashed: true, html: Buffer.from(page) });
    expect(run(page).csp).not.toContain('nonce-');
  });
});
