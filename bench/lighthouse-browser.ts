/**
 * What `bench/lighthouse.ts` measures with, apart from the shop: Debian's Chromium started with a DevTools
 * port, a gzip proxy for a server that does not compress, and the machine's reference page — a blank page
 * served here, measured like the shop's pages, so that a run's figures can be read against what this
 * browser on this machine gives a page with no work at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

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
 * A proxy that gzips text answers (HTML, CSS, JS, JSON, SVG) of `target`, as a compressing server would;
 * resolves to its base URL.
 */
export async function gzipProxy(target: string): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((req, res) => {
    const up = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host, 'accept-encoding': 'identity' } },
      (upRes) => {
        const type = String(upRes.headers['content-type'] ?? '');
        const text = /text|javascript|json|svg|xml/.test(type);
        const gzip = text && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
        const headers = { ...upRes.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'Accept-Encoding';
        }
        res.writeHead(upRes.statusCode ?? 502, headers);
        if (gzip) upRes.pipe(createGzip()).pipe(res);
        else upRes.pipe(res);
      },
    );
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
