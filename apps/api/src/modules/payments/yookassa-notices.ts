/**
 * What a YooKassa notice (`POST /v1/payments/webhook/yookassa/`) may cost: each one makes an authenticated call
 * to YooKassa (the body is never trusted), so an unauthenticated flood would be passed on to YooKassa.
 * - Only YooKassa's own addresses may send one (`YOOKASSA_NOTICE_IPS`, by default the ranges YooKassa publishes
 *   at https://yookassa.ru/developers/using-api/webhooks, config-env.ts), read as `request.ip`, i.e. through
 *   `TRUST_PROXY`; others get 403 (`lib/client-address.ts`).
 * - The route is rate-limited per address (`YOOKASSA_NOTICES_PER_MINUTE`, counted in PostgreSQL).
 * - One payment is asked about at most once per {@link NOTICE_FETCH_EVERY_MS}, across processes (`rate_limits`);
 *   a notice inside that window gets 429 and YooKassa sends it again later.
 */
import type { FastifyInstance } from 'fastify';
import { takeLimit } from '../../plugins/rate-limit-store.js';

/** How often one payment may be asked about on a notice (ms). */
export const NOTICE_FETCH_EVERY_MS = 5_000;

/**
 * Takes the one ask about `paymentId` of the current {@link NOTICE_FETCH_EVERY_MS} window (shared by every
 * process).
 * @returns whether YooKassa may be asked now, and the milliseconds until it may when not
 */
export async function takeNoticeFetch(app: FastifyInstance, paymentId: string) {
  const taken = await takeLimit(app, `yookassa-notice|${paymentId}`, { windowMs: NOTICE_FETCH_EVERY_MS, cap: 1 });
  return { ok: taken.ok, retryAfterMs: taken.ttl };
}
