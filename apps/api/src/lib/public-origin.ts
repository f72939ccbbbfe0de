/**
 * The shop's origin for links the server writes into redirects and texts (the test bank's return, the SMS
 * domain line). `PUBLIC_URL` when set, always in production (config.ts refuses production without it). In
 * development without it, the origin the page was opened at — the request's `Origin` header, else its protocol
 * and `Host` — so a shop opened at http://127.0.0.1:3000 returns from the test bank to 127.0.0.1, where its
 * session lives, not to `localhost`.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** An origin alone: scheme, host and optional port, nothing after. */
const ORIGIN = /^https?:\/\/[a-z0-9.\-[\]:]+$/i;

/**
 * @param config the app's config (`publicUrl`, `followRequestOrigin`, `isProduction`)
 * @param req the request the link answers; without it, `publicUrl`
 * @returns an origin without a trailing slash, e.g. `http://127.0.0.1:3000`
 */
export function publicOrigin(
  config: Pick<Config, 'publicUrl' | 'followRequestOrigin' | 'isProduction'>,
  req?: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
): string {
  if (!req || !config.followRequestOrigin || config.isProduction) return config.publicUrl;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && ORIGIN.test(origin)) return origin;
  const own = `${req.protocol}://${req.host}`;
  return ORIGIN.test(own) ? own : config.publicUrl;
}
