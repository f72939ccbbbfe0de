/**
 * Answers that are the same for every visitor: public pages and the public GET JSON
 * (list, listing, search, reference data — routes marked with {@link publicAnswer}). The token lives in the
 * browser, never in a cookie, so such an answer depends on its URL alone — unless the request carries an
 * `Authorization` header (the owner sees a draft): then it is built afresh and marked `private, no-store`.
 *
 * - **ETag and `304`**: a weak ETag of the body; `If-None-Match` with it answers `304 Not Modified`.
 * - **`Cache-Control`**: `public, max-age=<micro-cache s>, stale-while-revalidate=27`, so a browser or a CDN
 *   shows a change within 30 s at worst; with the micro-cache off (`PUBLIC_CACHE_MS=0`) `public, no-cache` (always
 *   revalidated, `304` while unchanged).
 * - **Micro-cache** (per process, lib/cache.ts): the answer by URL for `PUBLIC_CACHE_MS` (3 s), at most
 *   {@link MICRO_CACHE_ENTRIES} entries and {@link MICRO_CACHE_BYTES} bytes of uncompressed bodies; every process
 *   reads the database itself afterwards, so a price or status change shows on every process within 3 s.
 * - **Compression**: `br` or `gzip` by `Accept-Encoding`, made once per cached answer and encoding (the copies add
 *   ≈ 15–25 % to an entry's bytes) instead of once per request. Graded ({@link GRADES}): an answer's first copy is
 *   made fast — most pages are rendered for one visitor and dropped unread (the long tail of 100 000 listings) —
 *   and an answer sent a second time (a hot page) gets a harder copy, made after that send; a re-render with the
 *   same body (same ETag) keeps the copies it replaces ({@link PublicCache.adopt}).
 *
 * The clock is `app.clock` (tests move it).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Cache } from '../lib/cache.js';
import { COMPRESS_FROM_BYTES, encodingFor, type Encoding } from '../lib/compression.js';

/** Most answers the micro-cache keeps per process. */
export const MICRO_CACHE_ENTRIES = 2000;
/** Most bytes of (uncompressed) bodies the micro-cache keeps per process: 64 MB (≈ 500 pages or 4000 lists). */
export const MICRO_CACHE_BYTES = 64 * 1024 * 1024;
/** How long a browser or CDN may serve a public answer stale while it revalidates, s (bounded: decision 0005). */
export const STALE_WHILE_REVALIDATE_S = 27;

/** A built answer as the micro-cache keeps it. */
export interface PublicAnswer {
  status: number;
  /** Headers of the answer besides the caching ones (content type; a page's CSP). */
  headers: Record<string, string>;
  /** The uncompressed body. */
  body: Buffer;
  /** Weak ETag of the body (`W/"…"`). */
  etag: string;
  /** Compressed copies by encoding, made on first need (see {@link GRADES}). */
  encoded: Partial<Record<Encoding, EncodedCopy>>;
  /** How many times the answer was sent (304s included). */
  sends: number;
  /** Cookies the answer sets; an answer with any is never shared (no page sets one today). */
  setCookie: string[];
  /** False for an answer that must never be shared (one that sets a cookie). */
  shareable: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for every visitor without `Authorization` (see {@link publicAnswer}). */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    /** The micro-cache of public answers and how they are sent (plugins/public-cache.ts). */
    publicCache: PublicCache;
  }
}

/** Route option of a public GET whose JSON answer depends on its URL alone (unless `Authorization` is sent). */
export const publicAnswer = { config: { publicCache: true } } as const;

/** A compressed copy of an answer's body and how hard it was compressed. */
export interface EncodedCopy {
  body: Buffer;
  grade: Grade;
}

/**
 * How hard a copy is compressed. `fresh`: an answer's first copy — brotli 1 / gzip 3. Brotli's quality 1 is its
 * fastest mode worth having on text: a 102 KB catalog page costs 0.42 ms instead of 1.00 ms at quality 2 for 8 %
 * more bytes (18.0 instead of 16.7 KB), a 57 KB product page 0.39 instead of 0.67 ms (13.1 instead of 12.1 KB) —
 * on a cold page that is a tenth of the render's CPU for 1 KB on the wire. `hot`: an answer sent again — brotli 5 /
 * gzip 6 (14.3 KB and 10.3 KB; 2.7 and 1.9 ms, paid once per hot page and render, after a send). Measured with
 * `node:zlib` on the 2-core machine of 2026-11-28 (docs/performance.md).
 */
export const GRADES = {
  fresh: { br: 1, gzip: 3 },
  hot: { br: 5, gzip: 6 },
} as const satisfies Record<string, Record<Encoding, number>>;
export type Grade = keyof typeof GRADES;

/** What the plugin hands to the page handler (web.ts) and the tests. */
export interface PublicCache {
  /** Per-process cache of answers by URL (its lifetime: `config.publicCacheMs`). */
  cache: Cache<string, PublicAnswer>;
  /**
   * Whether this request may be answered from the micro-cache: GET or HEAD without `Authorization`, the cache on,
   * and no `Cache-Control: no-cache` (a hard reload, the server-side render's own calls, a benchmark of cold pages).
   */
  shared(req: FastifyRequest): boolean;
  /** Sends `answer` with ETag (or `304`), caching headers and the body compressed by `Accept-Encoding`. */
  send(req: FastifyRequest, reply: FastifyReply, answer: PublicAnswer, shared: boolean): FastifyReply;
  /**
   * `fresh` taking over the compressed copies of the answer cached for `url` when both have the same body (same
   * ETag): a hot page rendered again keeps its hard-compressed copies. Returns `fresh`.
   */
  adopt(url: string, fresh: PublicAnswer): PublicAnswer;
}

/**
 * A {@link PublicAnswer} of `body`.
 * @param opts.tag the ETag's opaque part (default: a hash of the body)
 * @param opts.setCookie cookies the answer sets (then it is never cached nor marked public)
 */
export function publicAnswerOf(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  opts: { tag?: string; setCookie?: string[] } = {},
): PublicAnswer {
  const tag = opts.tag ?? createHash('sha1').update(body).digest('base64url').slice(0, 22);
  const setCookie = opts.setCookie ?? [];
  const etag = `W/"${tag}"`;
  return { status, headers, body, etag, encoded: {}, sends: 0, setCookie, shareable: setCookie.length === 0 };
}

/** Whether `If-None-Match` names `etag` (weak comparison; `*` matches any). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

/** Compresses a cached answer's body (once per entry, encoding and grade) as hard as `grade` says. */
function compress(encoding: Encoding, body: Buffer, grade: Grade): Buffer {
  const level = GRADES[grade][encoding];
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: level,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level });
}

/** Copies being made hot: one at a time per copy. */
const upgrading = new WeakSet<EncodedCopy>();

/** Replaces a fresh copy by a hot one after the current send (the visitor waiting now does not pay for it). */
function upgradeLater(answer: PublicAnswer, encoding: Encoding, copy: EncodedCopy): void {
  if (copy.grade === 'hot' || upgrading.has(copy)) return;
  upgrading.add(copy);
  setImmediate(() => {
    if (answer.encoded[encoding] === copy)
      answer.encoded[encoding] = { body: compress(encoding, answer.body, 'hot'), grade: 'hot' };
  });
}

function cacheControl(shared: boolean, ttlMs: number): string {
  if (!shared) return 'private, no-store';
  if (ttlMs <= 0) return 'public, no-cache';
  return `public, max-age=${Math.ceil(ttlMs / 1000)}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

/**
 * Sets the answer's status and headers on `reply` and gives the payload to send: `null` for `304`, else the body
 * (compressed by `Accept-Encoding`, its copy kept on `answer`).
 */
function prepare(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  control: string | undefined,
  vary: string,
): Buffer | null {
  reply.status(answer.status);
  for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
  if (answer.setCookie.length) reply.header('set-cookie', answer.setCookie);
  reply.header('vary', vary);
  if (control) reply.header('cache-control', control);
  if (answer.status !== 200) return answer.body;
  answer.sends++;
  reply.header('etag', answer.etag);
  if (notModified(req.headers['if-none-match'], answer.etag)) {
    reply.status(304);
    return null;
  }
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? encodingFor(req) : null;
  if (!encoding) return answer.body;
  reply.header('content-encoding', encoding);
  let copy = answer.encoded[encoding];
  if (!copy) answer.encoded[encoding] = copy = { body: compress(encoding, answer.body, 'fresh'), grade: 'fresh' };
  else if (answer.sends > 1) upgradeLater(answer, encoding, copy);
  return copy.body;
}

/** Registers the micro-cache and the hooks of routes marked {@link publicAnswer}. */
export default fp(async function publicCachePlugin(app: FastifyInstance) {
  const ttlMs = app.config.publicCacheMs ?? 0;
  const cache = new Cache<string, PublicAnswer>({
    max: MICRO_CACHE_ENTRIES,
    maxBytes: MICRO_CACHE_BYTES,
    sizeOf: (a) => a.body.length,
    ttlMs: Math.max(ttlMs, 1),
    renewAt: 0.5,
    // An empty body is never a whole answer (a page rendered for a `HEAD` was one): it is not kept for others.
    keep: (a) => ttlMs > 0 && a.status === 200 && a.shareable && a.body.length > 0,
    now: () => app.clock.now().getTime(),
  });
  const shared = (req: FastifyRequest) =>
    (req.method === 'GET' || req.method === 'HEAD') && req.headers.authorization === undefined;
  /** Requests answered from the cache in `onRequest` (their `onSend` leaves them alone). */
  const fromCache = new WeakSet<FastifyRequest>();
  const publicCache: PublicCache = {
    cache,
    shared: (req) => ttlMs > 0 && shared(req) && !req.headers['cache-control']?.includes('no-cache'),
    send: (req, reply, answer, isShared) => {
      const control = answer.status === 200 ? cacheControl(isShared && answer.shareable, ttlMs) : undefined;
      return reply.send(prepare(req, reply, answer, control, 'accept-encoding'));
    },
    adopt: (url, fresh) => {
      const old = cache.peek(url);
      if (old && old !== fresh && old.etag === fresh.etag && old.status === fresh.status) fresh.encoded = old.encoded;
      return fresh;
    },
  };
  app.decorate('publicCache', publicCache);
  const marked = (req: FastifyRequest) => req.routeOptions.config?.publicCache === true;
  const VARY = 'accept-encoding, authorization';

  app.addHook('onRequest', async (req, reply) => {
    if (!marked(req) || !publicCache.shared(req)) return;
    const hit = cache.get(req.url);
    if (!hit) return;
    fromCache.add(req);
    return reply.send(prepare(req, reply, hit, cacheControl(true, ttlMs), VARY));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!marked(req) || fromCache.has(req)) return payload;
    if (!shared(req)) {
      reply.header('cache-control', 'private, no-store').header('vary', VARY);
      return payload;
    }
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const answer = publicAnswerOf(200, { 'content-type': type }, Buffer.from(payload));
    if (ttlMs > 0) cache.set(req.url, answer);
    return prepare(req, reply, answer, cacheControl(true, ttlMs), VARY);
  });
});
