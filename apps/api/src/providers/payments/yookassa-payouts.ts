/**
 * YooKassa Payouts (https://yookassa.ru/developers/payouts): the seller's money to their card with
 * `POST {YOOKASSA_PAYOUTS_URL}/payouts` (default `https://payouts.yookassa.ru/v3`), Basic auth
 * `YOOKASSA_PAYOUT_AGENT_ID:YOOKASSA_PAYOUT_SECRET` (the payouts agent's own keys, not the shop's), an
 * `Idempotence-Key` (the same key answers the same payout), the card's payout token as `payout_token` and the
 * order in `metadata`. YooKassa answers `pending`, `succeeded` or `canceled` (with `cancellation_details`).
 */
import type { FastifyInstance } from 'fastify';
import type { PayoutInput, PayoutResult } from './types.js';

interface YooPayout {
  id?: string;
  status?: string;
  cancellation_details?: { party?: string; reason?: string };
}

/**
 * Sends one payout.
 * @throws Error when the payouts keys are not configured, YooKassa cannot be reached or answers an error (the
 *   caller retries with the same key)
 */
export async function yookassaPayout(app: FastifyInstance, input: PayoutInput): Promise<PayoutResult> {
  const cfg = app.config.payments.yookassaPayouts;
  if (!cfg?.agentId || !cfg.secretKey)
    throw new Error('yookassa payouts: YOOKASSA_PAYOUT_AGENT_ID and YOOKASSA_PAYOUT_SECRET are not set');
  const auth = `Basic ${Buffer.from(`${cfg.agentId}:${cfg.secretKey}`).toString('base64')}`;
  const res = await fetch(`${cfg.apiUrl.replace(/\/$/, '')}/payouts`, {
    method: 'POST',
    headers: {
      authorization: auth,
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotence-key': input.idempotenceKey,
    },
    body: JSON.stringify({
      amount: { value: (input.amount / 100).toFixed(2), currency: 'RUB' },
      payout_token: input.cardToken,
      description: input.description.slice(0, 128),
      metadata: { order_id: String(input.orderId) },
    }),
    signal: AbortSignal.timeout(15_000),
  }).catch((err: unknown) => {
    throw new Error(`yookassa payouts unreachable: ${(err as Error).message}`);
  });
  if (!res.ok) throw new Error(`yookassa payouts answered ${res.status}`);
  const p = (await res.json()) as YooPayout;
  if (!p?.id || !['pending', 'succeeded', 'canceled'].includes(p.status ?? ''))
    throw new Error('yookassa payouts: unexpected answer');
  return {
    providerPayoutId: p.id,
    status: p.status as PayoutResult['status'],
    ...(p.cancellation_details?.reason ? { reason: p.cancellation_details.reason } : {}),
  };
}
