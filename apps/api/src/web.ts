/**
 * Serves the React Router app from the same Fastify process (architecture §1): built client assets
 * with long caching, and every other GET handed to the SSR request handler. In development (`--dev`)
 * Vite runs as middleware with hot reload. The security headers (CSP included) are helmet's
 * (plugins/security-headers.ts). A page is rendered with a fresh nonce on its inline scripts (`cspNonce` in the
 * load context), which are then allowed by their hashes instead (lib/script-hashes.ts): the same page has the same
 * bytes, CSP and ETag on every render and every process.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
// The loaders' `context` and its one augmentation of React Router's `AppLoadContext`.
import type {} from '@vitrina/contract/load-context';
import { publicReader } from './modules/catalog/index.js';
import { allowViteDevServer, cspNonce } from './plugins/security-headers.js';
import { hashInlineScripts } from './lib/script-hashes.js';
import { publicAnswerOf, type PublicAnswer } from './plugins/public-cache.js';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const webBuildDir = path.join(webRoot, 'build');

interface InjectedAnswer {
  status: number;
  body: string;
  type: string;
}

function toResponse(a: InjectedAnswer): Response {
  return new Response(a.status === 204 ? null : a.body, { status: a.status, headers: { 'content-type': a.type } });
}

/**
 * What a page is rendered from, read off the visitor's request when it arrives: a render (a background renewal
 * above all) never touches that request or its reply again, which may be long answered — or a `HEAD`.
 */
interface PageRequest {
  /** The page's absolute URL. */
  url: string;
  /** The visitor's headers; none for a page shared by everyone (its answer depends on its URL alone). */
  headers?: FastifyRequest['headers'];
  /** The visitor's address, for the render's own API calls. */
  ip: string;
  /** The CSP nonce and header of the visitor's answer, read before anything is sent on its reply (a background renewal
   * renders while the reply sends the cached page, whose CSP replaces helmet's); lib/script-hashes.ts puts the inline
   * scripts' hashes in its place. */
  nonce: string;
  csp: string;
}

function pageRequest(req: FastifyRequest, reply: FastifyReply, shared: boolean): PageRequest {
  return {
    url: new URL(req.url, `${req.protocol}://${req.host}`).href,
    ...(shared ? {} : { headers: req.headers }),
    ip: req.ip,
    nonce: cspNonce(reply),
    csp: String(reply.getHeader('content-security-policy') ?? ''),
  };
}

/**
 * The render's request: always a `GET` without a body, whatever the visitor's method — a `HEAD` is answered with
 * the `GET`'s page, whose body Node leaves out of that one answer (a page rendered for a `HEAD` came out empty and
 * was cached for everyone).
 */
function toFetchRequest(page: PageRequest, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(page.headers ?? {})) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  return new Request(page.url, { method: 'GET', headers, ...(signal ? { signal } : {}) });
}

/** The built server bundle of the web app (`apps/web/build/server/index.js`; run `npm run build` first). */
export async function loadWebBuild(): Promise<ServerBuild> {
  return (await import(path.join(webBuildDir, 'server/index.js'))) as ServerBuild;
}

/**
 * Mounts the web app.
 * @param opts.dev use Vite middleware (hot reload) instead of the built app
 * @param opts.build a server build to render with instead of `apps/web/build`'s (tests: the same build with another
 *   render entry); its client assets are still served from `apps/web/build/client`
 * @throws Error when not in dev mode and `apps/web/build` is missing (run `npm run build`)
 */
export async function mountWeb(app: FastifyInstance, opts: { dev: boolean; build?: ServerBuild }): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  if (opts.dev) {
    allowViteDevServer();
    const vite = await import('vite');
    const server = await vite.createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
    app.addHook('onRequest', (req, reply, done) => {
      if (req.url.startsWith('/v1/') || req.url.startsWith('/media/') || req.url.startsWith('/ws/')) return done();
      server.middlewares(req.raw, reply.raw, done);
    });
    getBuild = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.addHook('onClose', () => server.close());
  } else {
    const serverEntry = path.join(webBuildDir, 'server/index.js');
    if (!existsSync(serverEntry)) throw new Error('Нет сборки сайта: выполните npm run build');
    const build = opts.build ?? (await loadWebBuild());
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const mode = opts.dev ? 'development' : 'production';
  // One request handler per build (the production build never changes; in dev Vite hands out a new build
  // after an edit). The built server bundle carries its own React Router (entry.server re-exports its
  // createRequestHandler), so loaders, rendering and the handler share one copy.
  const apiRead = publicReader(app);
  let handlerFor: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | null = null;
  const requestHandler = (build: ServerBuild) => {
    if (handlerFor?.build !== build) {
      const create = (build.entry.module as { createRequestHandler?: typeof createRequestHandler })
        .createRequestHandler;
      handlerFor = { build, handler: (create ?? createRequestHandler)(build, mode) };
    }
    return handlerFor.handler;
  };
  app.get('/v1/public/version/', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { build: (await getBuild()).assets.version };
  });
  /**
   * Renders a page into a {@link PublicAnswer}: its inline scripts allowed by their hashes (lib/script-hashes.ts),
   * its ETag made from the bytes sent, so the same page has the same bytes and ETag on every render and process.
   * @param signal aborts the render when the visitor leaves (only for a render nobody else waits for)
   * @throws Error for a `200` page without a body (never stored nor sent as a page)
   */
  const render = async (page: PageRequest, signal?: AbortSignal): Promise<PublicAnswer> => {
    const nonce = page.nonce;
    const build = await getBuild();
    const handler = requestHandler(build);
    const context: AppLoadContext = {
      cspNonce: nonce,
      jsonValues: new Map(),
      apiFetch: async (p, init) => {
        const res = await app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: p,
          remoteAddress: page.ip,
          // The page has its own micro-cache: its data is read afresh, not from the JSON answers' one.
          headers: { 'cache-control': 'no-cache', ...init?.headers },
          payload: init?.body,
        });
        return toResponse({
          status: res.statusCode,
          body: res.body,
          type: String(res.headers['content-type'] ?? 'application/json'),
        });
      },
      apiRead,
      publicUrl: app.config.publicUrl,
      yandexMapsApiKey: app.config.yandexMapsApiKey,
      contacts: app.config.contacts,
      buildId: build.assets.version,
      publicConfig: { apiUrl: app.config.publicApiUrl },
    };
    const response = await handler(toFetchRequest(page, signal), context);
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      if (k !== 'set-cookie') headers[k] = v;
    });
    const html = Buffer.from(await response.arrayBuffer());
    if (response.status === 200 && html.length === 0) throw new Error(`Пустая страница: ${page.url}`);
    const hashed = hashInlineScripts(html, page.csp, nonce);
    if (hashed.csp) headers['content-security-policy'] = hashed.csp;
    const setCookie = response.headers.getSetCookie?.() ?? [];
    return publicAnswerOf(response.status, headers, hashed.html, { setCookie });
  };
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const pc = app.publicCache;
    if (opts.dev || !pc.shared(req)) {
      const controller = new AbortController();
      // Only a visitor who left before the answer was sent aborts it: an abort after every answer cost each cold
      // page a DOMException with its stack and the abort listeners of the render.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const isShared = req.headers.authorization === undefined;
      const answer = await render(pageRequest(req, reply, false), controller.signal);
      if (isShared && !opts.dev) pc.cache.set(req.url, answer);
      return pc.send(req, reply, answer, isShared);
    }
    // One render for concurrent visitors of a page; a hot page is rendered again in the background, keeping its
    // compressed copies while its body is unchanged.
    // The load is also a renewal's: it renders from what `pageRequest` read now, never from this request later.
    const page = pageRequest(req, reply, true);
    const answer = await pc.cache.fetch(req.url, async () => pc.adopt(req.url, await render(page)));
    return pc.send(req, reply, answer, true);
  };
  app.pageHandler = handle;
}
