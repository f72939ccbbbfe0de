/**
 * Security headers of every answer (pages, JSON, media, the test bank, the API docs), all set by helmet
 *: a Content-Security-Policy whose scripts run only from our origin, inline with the request's nonce,
 * or — only when `YANDEX_MAPS_API_KEY` is set — from the exact hosts of the Yandex Maps JS API v3
 * ({@link YANDEX_SCRIPTS}); no plugins, no framing, no foreign `<base>`.
 *
 * The nonce is made per answer the first time either helmet (building the header) or a page handler
 * (`cspNonce(reply)`, to put it on its inline scripts) asks for it, so both see the same value.
 * Styles keep `'unsafe-inline'`: Mantine and the bank pages set style attributes, and a style nonce would
 * switch that off.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';

const nonces = new WeakMap<ServerResponse, string>();

/** Bytes of a nonce (128 bits, base64: 24 characters). */
const NONCE_BYTES = 16;
/**
 * Random bytes are drawn from the CSPRNG in blocks of 256 nonces, as `crypto.randomUUID` does, and each block is
 * used once: one `randomBytes` call per answer cost ≈ 7 % of the Node CPU of a page served from the micro-cache
 *. The bytes are the same CSPRNG output either way.
 */
const POOL_BYTES = NONCE_BYTES * 256;
let pool: Buffer = Buffer.alloc(0);
let poolAt = 0;

function freshNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const nonce = pool.toString('base64', poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

function nonceOf(res: ServerResponse): string {
  let n = nonces.get(res);
  if (!n) {
    n = freshNonce();
    nonces.set(res, n);
  }
  return n;
}

/** The CSP script nonce of this answer (the same one its `Content-Security-Policy` header names). */
export const cspNonce = (reply: FastifyReply): string => nonceOf(reply.raw);

let viteDevServer = false;
/**
 * Development with Vite as middleware (`npm run dev`): its client needs `eval` (hot reload) and a
 * WebSocket to the dev server. Called by `mountWeb` in dev mode only; never in production.
 */
export function allowViteDevServer(): void {
  viteDevServer = true;
}

/**
 * Where the Yandex Maps JS API v3 runs scripts from (Yandex's CSP rules, yandex.ru/maps-api/docs/js-api/common/
 * connection/csp.html): its loader `api-maps.yandex.ru/v3/` and the runtime bundles it loads from the maps' folder of
 * `yastatic.net` (the path keeps the rest of that CDN out). No wildcard: a `*.yandex.ru` host would run anything
 * any Yandex service serves.
 */
export const YANDEX_SCRIPTS = ['https://api-maps.yandex.ru', 'https://yastatic.net/s3/front-maps-static/'];
/** Where the map's tiles, styles and images come from (fetched or shown, never run). */
const YANDEX_DATA = ['https://*.yandex.ru', 'https://*.yandex.net', 'https://yastatic.net/s3/front-maps-static/'];

/** The origin of `PUBLIC_API_URL` when the API (and its /media/) lives on another origin than the pages. */
function apiOrigin(config: Pick<Config, 'publicApiUrl' | 'publicUrl'>): string[] {
  try {
    const api = new URL(config.publicApiUrl).origin;
    return api !== new URL(config.publicUrl).origin ? [api] : [];
  } catch {
    return []; // '' (same origin) or a relative path
  }
}

/** The origin of `MEDIA_PUBLIC_URL` (the bucket or CDN the photos are loaded from), when set. */
function mediaOrigin(config: Pick<Config, 'mediaPublicUrl'>): string[] {
  return config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : [];
}

type HeadersConfig = Pick<Config, 'publicApiUrl' | 'publicUrl' | 'mediaPublicUrl' | 'yandexMapsApiKey'>;

/**
 * The helmet options of the app.
 * @param config the addresses the pages load from; `yandexMapsApiKey` adds the map's hosts (none without a key)
 */
export function securityHeaders(config: HeadersConfig): HelmetOptions {
  const api = apiOrigin(config);
  const maps = Boolean(config.yandexMapsApiKey);
  const mapScripts = maps ? YANDEX_SCRIPTS : [];
  const mapData = maps ? YANDEX_DATA : [];
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) =>
            [`'nonce-${nonceOf(res)}'`, ...mapScripts, ...(viteDevServer ? ["'unsafe-eval'"] : [])].join(' '),
        ],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: — the previews of photos chosen in the sell form
        imgSrc: ["'self'", 'data:', 'blob:', ...api, ...mediaOrigin(config), ...mapData],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the notification WebSocket of our own origin
        connectSrc: [
          () =>
            [
              "'self'",
              ...api,
              ...api.map((o) => o.replace(/^http/, 'ws')),
              ...mapData,
              ...(viteDevServer ? ['ws:', 'wss:'] : []),
            ].join(' '),
        ],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // Not helmet's `no-referrer`: a Yandex Maps key restricted by referrer (its recommended set-up) needs our
    // origin; other sites still get only the origin, never the path or query (a search or an order id).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Sets the headers of {@link securityHeaders} on every answer, from one helmet middleware made at start-up.
 * Not @fastify/helmet: it calls `helmet(options)` again on every request — validating the options and normalizing
 * the CSP directives each time, ≈ 5 % of the Node CPU of a small JSON answer — for the same headers.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance, opts: { config: HeadersConfig }) {
  const apply = helmet(securityHeaders(opts.config));
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
});
