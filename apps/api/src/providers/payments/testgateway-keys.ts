/**
 * The test bank's per-payment keys: a payment's bank page shows and takes the buyer's saved cards only when
 * opened with the payment's key, which only the buyer gets (in `confirmation_url`); the cards on it are named by
 * opaque references, never by their tokens. Both are HMAC-SHA256 under the bank's secret
 * (`config.payments.testgatewaySecret`, kept in `installation_settings`), so every process agrees on them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** The key of payment `id`'s bank page (43 base64url characters). */
export const payKey = (secret: string, id: string) => hmac(secret, `pay|${id}`);

/** Whether `key` is payment `id`'s key (false without a secret). */
export function validPayKey(secret: string, id: string, key: string | undefined): boolean {
  if (!secret || !key) return false;
  const expected = Buffer.from(payKey(secret, id));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The opaque reference of a saved card on payment `id`'s page (22 base64url characters). */
export const cardRef = (secret: string, id: string, token: string) => hmac(secret, `card|${id}|${token}`).slice(0, 22);
