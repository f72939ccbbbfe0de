/**
 * The test gateway's webhook to Vitrina (issue «Buying»; `POST /v1/payments/webhook/testgateway/`): the event
 * body, its HMAC-SHA256 signature in `X-Testgateway-Signature` with the shared secret, the constant-time check
 * Vitrina runs on it, and the in-process delivery with one retry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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

/** Sends the signed webhook in-process (like the bank's HTTP call), retrying once; failures are logged. */
export async function notifyVitrina(app: FastifyInstance, event: TestgatewayEvent) {
  const raw = JSON.stringify(event);
  const signature = signTestgatewayBody(app.config.payments.testgatewaySecret, raw);
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/testgateway/',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-testgateway-signature': `sha256=${signature}` },
    });
    if (res.statusCode < 300) return;
    app.log.warn({ status: res.statusCode, paymentId: event.payment.id }, 'testgateway webhook was not accepted');
  }
}
