/**
 * A cap on requests in progress in this process («a burst of 500 connections leaves no request waiting
 * longer than 10 s»). `@fastify/under-pressure` watches the event loop and the heap, but a burst of cheap
 * requests waiting for the database or for their turn never blocks the loop for long: measured with
 * `npm run bench:burst`, 500 connections at once got no 503 and their last answers came after 9.4 s. Past
 * `max` requests in progress, a new one is answered at once with the overload 503 and `Retry-After`, so an
 * admitted request waits behind at most `max` others. The count is per process on purpose: overload is a property
 * of the process, not of the shop. WebSocket upgrades are not counted (they stay open for hours), nor the health
 * routes {@link UNCAPPED_ROUTES} — the load balancer's readiness check (deploy/Caddyfile) must not read a burst of
 * overload as every process being down — nor the shop's static files ({@link neverShed}): they cost next to
 * nothing, and a page whose code or fonts were refused looks loaded but never comes alive.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError, OVERLOAD_DETAIL } from '../lib/errors.js';

/**
 * Whether a request is for a static file that the overload guards (this cap and `@fastify/under-pressure`,
 * plugins/overload.ts) never refuse: the built client's hashed assets (`/assets/…`: JS and CSS chunks, fonts), photos
 * (`/media/…`) and the public files at the root (`/favicon.svg`, `/manifest.webmanifest`, …: a name with one of
 * their extensions). Page renders (their `.data` too, and `/sitemap.xml`, `/robots.txt`, which are rendered) and API
 * calls are shed.
 * @param url the request's URL (path and query)
 */
export function neverShed(url: string): boolean {
  return /^\/(?:assets|media)\/|^\/[\w.-]+\.(?:svg|ico|png|webp|webmanifest|pdf|woff2?)(?:\?|$)/.test(url);
}

export interface InFlightOptions {
  /** Requests in progress past which new ones get 503; 0 — no cap. */
  max: number;
  /** `Retry-After` of the 503, seconds. */
  retryAfterS: number;
}

/** Routes answered whatever the count: `/healthz` and `/readyz` cost nothing and tell the balancer the truth. */
export const UNCAPPED_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export default fp<InFlightOptions>(async function inFlight(app: FastifyInstance, opts) {
  if (!opts.max) return;
  let inProgress = 0;
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.upgrade || UNCAPPED_ROUTES.has(req.routeOptions.url ?? '') || neverShed(req.url)) return;
    if (inProgress >= opts.max) {
      throw new ApiError(503, { detail: OVERLOAD_DETAIL }, { 'retry-after': String(opts.retryAfterS) });
    }
    inProgress += 1;
    // `close` comes once per response: after it was sent, or when the client went away first.
    reply.raw.once('close', () => {
      inProgress -= 1;
    });
  });
});
