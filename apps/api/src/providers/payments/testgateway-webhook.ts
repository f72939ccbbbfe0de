/**
 * The test gateway's webhook to Vitrina (issue «Buying»; `POST /v1/payments/webhook/testgateway/`): the event
 * body, its HMAC-SHA256 signature in `X-Testgateway-Signature` with the shared secret, the constant-time check
 * Vitrina runs on it. Delivery (stored, retried for 24 hours) is in `testgateway-notices.ts`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 hex of a webhook body with the shared secret. */
export const signTestgatewayBody = (secret: string, raw: string | Buffer) =>
  createHmac('sha256', secret).update(raw).digest('hex');

/** Constant-time check of `X-Testgateway-Signature` (hex, optionally prefixed `sha256=`). */
export function verifyTestgatewaySignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const got = Buffer.from(header.replace(/^sha256=/, '').trim(), 'hex');
  const want = Buffer.from(signTestgatewayBody(secret, raw), 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The webhook body the test gateway sends. */
export interface TestgatewayEvent {
  event_id: string;
  event: 'payment.succeeded' | 'payment.canceled';
  payment: { id: string; status: 'succeeded' | 'canceled'; amount: number; metadata: Record<string, string> };
}
