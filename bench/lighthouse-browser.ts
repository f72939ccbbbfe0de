/**
 * What `bench/lighthouse.ts` measures with, apart from the shop: Debian's Chromium started with a DevTools
 * port, a proxy serving the shop's pages without their scripts, and the machine's reference page — a blank page
 * served here, measured like the shop's pages, so that a run's figures can be read against what this
 * browser on this machine gives a page with no work at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DEFERRED_MODULE, DEFERRED_PRELOAD } from '../apps/web/app/shared/lib/deferred-scripts.js';

/** Debian's Chromium, headless, with a DevTools port chosen by the browser; resolves to that port and its version. */
export async function launchChromium(userDir: string): Promise<{ child: ChildProcess; port: number; version: string }> {
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium не запустился:\n${err}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium завершился с кодом ${code}:\n${err}`)));
  });
  // The full version (the user agent Lighthouse reports is reduced to `Chrome/156.0.0.0`).
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
  return { child, port, version: info.Browser ?? '—' };
}

/**
 * A proxy in front of `target` that serves its pages without their application code: in each HTML answer React
 * Router's module script and its module preloads, which the server makes inert until the first frame
 * (apps/web/app/shared/lib/deferred-scripts.ts), are removed, so the page is never hydrated. Everything else —
 * the HTML, the stylesheet, fonts, photos, the small inline scripts — is served as it is. Measured beside the page as
 * served, it tells what the page's own scripts cost on this machine apart from its markup and the machine itself.
 * Answers are sent uncompressed on both sides of the proxy only for HTML (it is compressed again here with gzip).
 * @returns the proxy's base URL; the proxy answers 502 for a page whose HTML no longer holds the inert
 *   script (the server's markup changed: the figure would be the page with its scripts, under the wrong name)
 */
export async function withoutScriptsProxy(target: string): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((req, res) => {
    const page = (req.headers.accept ?? '').includes('text/html');
    const headers = { ...req.headers, host: new URL(target).host };
    if (page) headers['accept-encoding'] = 'identity';
    const up = http.request(new URL(req.url ?? '/', target), { method: req.method, headers }, (upRes) => {
      const html = page && String(upRes.headers['content-type'] ?? '').startsWith('text/html');
      if (!html) {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const moduleScript = new RegExp(`<script type="${DEFERRED_MODULE}"[^>]*>[\\s\\S]*?</script>`, 'g');
        if (!moduleScript.test(text)) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`в HTML нет скрипта типа ${DEFERRED_MODULE}: разметка сервера изменилась`);
          return;
        }
        const stripped = text
          .replace(moduleScript, '')
          .replace(new RegExp(`<link ${DEFERRED_PRELOAD}="modulepreload"[^>]*>`, 'g'), '');
        const body = gzipSync(stripped);
        const out = { ...upRes.headers, 'content-encoding': 'gzip', 'content-length': String(body.length) };
        delete out.etag;
        res.writeHead(upRes.statusCode ?? 502, out);
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The reference page's path: every other path answers 404 (so Lighthouse finds no robots.txt to fault). */
export const REFERENCE_PATH = '/reference';

/** The reference page's HTML: a heading and a line of text, no script, no stylesheet, no image. */
const REFERENCE_HTML =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Эталон машины</title>' +
  '<meta name="description" content="Пустая страница: эталон браузера и машины для замеров Lighthouse"></head>' +
  '<body><h1>Эталон</h1><p>Страница без скриптов, стилей и картинок.</p></body></html>';

/**
 * Serves the reference page at {@link REFERENCE_PATH} on 127.0.0.1 at a free port; resolves to the server and
 * the page's URL.
 * Its Lighthouse figures are the floor of the machine at that moment: what remains of TBT and of the score
 * on a page with no work of its own.
 */
export async function referencePage(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const found = req.url === REFERENCE_PATH;
    // No favicon: an empty answer rather than a 404 that Lighthouse would count as a console error.
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(found ? REFERENCE_HTML : '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${REFERENCE_PATH}` };
}

/**
 * The machine "loaded as it is" on purpose: `count` processes of this Node that do nothing but count, started at
 * once (`--load N` of `bench/lighthouse.ts`), so that a figure under load can be taken again at will, not only when
 * other work happens to run. With 2 on a 2-core machine each core is shared with one busy process.
 * @returns a function that stops them (safe to call more than once)
 */
export function busyLoad(count: number): () => void {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  };
}
