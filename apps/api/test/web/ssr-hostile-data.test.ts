/**
 * Listing text that looks like markup, on a server-rendered page (route data travels as JSON text inside React
 * Router's turbo-stream inside a script's string literal — two encodings deep, and the script's own escape). A
 * seller's title and description must show as text, never end the script or start one, and reach the browser's route
 * data unchanged.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, makeFixture } from '../catalog-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const HOSTILE = `Кеды </script><script>alert(1)</script> <!-- "кавычки" \\ 'апостроф' \u2028 & <b>жирный</b>`;

/**
 * The turbo-stream text the page hands to `streamController.enqueue(…)`: the string literal of its script, as the
 * browser reads it (a script's text is raw: no entity is decoded; it ends at the first `</script`).
 */
function routeData(html: string): unknown[] {
  const m = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script/i.exec(
    html,
  );
  expect(m, 'the page carries its route data').not.toBeNull();
  return JSON.parse((JSON.parse(m![1]!) as string).split('\n')[0]!) as unknown[];
}

describe.runIf(dbAvailable())('hostile listing text on a server-rendered page', () => {
  let t: TestContext;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({}, false, { web: true });
    const f = await makeFixture(t.app.db);
    ({ slug } = await addListing(t.app.db, {
      title: HOSTILE,
      description: HOSTILE,
      owner: f.sellers.a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      offers: [{ size: '42', sizeId: f.sizes.shoes['42'], price: 4990 }],
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows it as text and hands it to the browser unchanged', async () => {
    const page = await t.app.inject({ url: `/product/${slug}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // Nothing of the text opens or closes a tag: the only scripts are the page's own, each named by its hash in the
    // CSP (a script the text opened would not be: src/lib/script-hashes.ts).
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>жирный</b>');
    const csp = String(page.headers['content-security-policy']);
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/g)) {
      if (m[1]!.includes('type="application/ld+json"')) continue;
      expect(csp).toContain(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
    }
    // The visible title is the text itself.
    expect(html).toContain('Кеды &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The route data: the listing's JSON text decodes to the same title and description.
    const values = routeData(html);
    const text = values.find((v) => typeof v === 'string' && v.startsWith('{') && v.includes(slug)) as string;
    const listing = JSON.parse(text) as { title: string; description: string };
    expect(listing.title).toBe(HOSTILE);
    expect(listing.description).toBe(HOSTILE);
  });
});
