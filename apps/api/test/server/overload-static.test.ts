/**
 * Overload sheds page renders and API calls only (plugins/in-flight.ts `neverShed`): while the guards answer 503 —
 * the cap on requests in progress, and `@fastify/under-pressure` (heap) — the built client's hashed JS, CSS and
 * fonts, the public files and the photos are still served, so a page that was sent comes alive. With the built web
 * app (`npm run build -w apps/web`).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../../src/web.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const OVERLOADED = { detail: 'Сервер перегружен. Повторите запрос через несколько секунд.' };

/** One built file of each kind the browser needs: a JS chunk, a CSS file, a font; and the public files. */
function staticUrls(): string[] {
  const assets = readdirSync(path.join(webBuildDir, 'client', 'assets'));
  const first = (ext: string) => `/assets/${assets.find((f) => f.endsWith(ext))!}`;
  return [first('.js'), first('.css'), first('.woff2'), '/favicon.svg', '/manifest.webmanifest'];
}

/** A stored photo (`/media/…`): a file of the app's media directory (local storage). */
function photoUrl(t: TestContext): string {
  const file = readdirSync(t.config.mediaDir, { recursive: true, withFileTypes: true }).find(
    (f) => f.isFile() && f.name.endsWith('.webp'),
  );
  expect(file, 'a seeded photo').toBeTruthy();
  return `/media/${path.relative(t.config.mediaDir, path.join(file!.parentPath, file!.name)).split(path.sep).join('/')}`;
}

/** Asks `url` until it answers 503 (the guard sheds; the heap guard after its first sample), within 10 s. */
async function until503(base: string, url: string): Promise<Response> {
  let res: Response | undefined;
  await expect
    .poll(
      async () => {
        res = await fetch(base + url);
        return res.status;
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(503);
  return res!;
}

/** Every static file answers 200 with its body while the API and pages get the overload 503. */
async function expectStaticServed(base: string, urls: string[]) {
  const api = await until503(base, '/v1/ping/');
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('5');
  expect(await api.json()).toEqual(OVERLOADED);
  expect((await fetch(`${base}/faq`)).status).toBe(503);
  expect((await fetch(`${base}/catalog/women.data`)).status).toBe(503);
  for (const url of urls) {
    const res = await fetch(base + url);
    expect(res.status, url).toBe(200);
    expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
  }
  // Still shedding the rest meanwhile.
  expect((await fetch(`${base}/v1/ping/`)).status).toBe(503);
}

describe.runIf(dbAvailable())('overload: static files are never shed', () => {
  describe('past the cap on requests in progress', () => {
    let t: TestContext;
    let base: string;
    let hanging: Socket[] = [];
    beforeAll(async () => {
      t = await createTestApp({ OVERLOAD_MAX_IN_FLIGHT: '2' }, false, { web: true });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const s of hanging) s.destroy();
      await t?.close();
    });

    it('serves JS, CSS, fonts, public files and photos while API calls and pages get 503', async () => {
      const urls = [...staticUrls(), photoUrl(t)];
      const { port } = t.app.server.address() as { port: number };
      // Two requests in progress whose bodies never come: the cap of 2 is reached.
      hanging = [0, 1].map(() => {
        const socket: Socket = connect(port, '127.0.0.1', () =>
          socket.write(
            'POST /v1/auth/send-code/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
          ),
        );
        socket.on('error', () => undefined);
        return socket;
      });
      await expectStaticServed(base, urls);
    });
  });

  describe('under pressure (heap over its limit)', () => {
    let t: TestContext;
    let base: string;
    beforeAll(async () => {
      // Any heap is «too much» at 1 MB: once the first sample is taken, the guard sheds.
      t = await createTestApp({ OVERLOAD_HEAP_MB: '1' }, false, { web: true });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t?.close());

    it('serves JS, CSS, fonts, public files and photos while API calls and pages get 503', async () => {
      await expectStaticServed(base, [...staticUrls(), photoUrl(t)]);
    });
  });
});
