/**
 * Payment providers (issue «Buying», architecture §1): one interface, chosen by `config.payments.provider`.
 * - `testgateway` — the built-in test bank (default outside production): its own pages and books
 *   (`testgateway_*` tables), test cards, signed webhooks to Vitrina. See `./testgateway.ts`.
 * - `yookassa` — the YooKassa HTTP API v3 (`./yookassa.ts`).
 * Amounts are integer kopecks here; adapters convert to the provider's format.
 */
import type { FastifyInstance } from 'fastify';
import { testgatewayProvider } from './testgateway.js';
import type { PaymentProvider } from './types.js';
import type { Db, Tx } from '../../db/client.js';
import { yookassaProvider } from './yookassa.js';

export type {
  CreatedPayment,
  CreatePaymentInput,
  FetchedPayment,
  PaymentProvider,
  PayoutInput,
  PayoutResult,
  ProviderName,
  ProviderPaymentStatus,
  RefundInput,
  RefundResult,
  ResolvedCard,
  SavedCardRef,
} from './types.js';

/**
 * The configured provider for this app. `books`: the connection the in-process test bank writes its books
 * through (pass a job's transaction when calling from inside it); YooKassa ignores it.
 */
export function paymentProvider(app: FastifyInstance, books?: Db | Tx): PaymentProvider {
  return app.config.payments.provider === 'yookassa' ? yookassaProvider(app) : testgatewayProvider(app, books);
}
