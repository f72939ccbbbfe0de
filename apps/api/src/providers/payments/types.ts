/**
 * The payment provider interface and its shapes (architecture §1), apart from the chooser in `./index.ts` so
 * that adapters depend on the interface and the chooser on the adapters, without a cycle.
 * Amounts are integer kopecks.
 */
export type ProviderName = 'testgateway' | 'yookassa';
/** Our payment states: waiting for the buyer/bank, money taken, or not taken (final). */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'canceled';

/** A card the buyer saved earlier (gateway token + what may be shown). */
export interface SavedCardRef {
  token: string;
  brand: string;
  last4: string;
}

export interface CreatePaymentInput {
  /** Our payment id (UUID), also sent as metadata. */
  paymentId: string;
  orderId: number;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  description: string;
  /** Absolute URL the bank sends the buyer back to. */
  returnUrl: string;
  /** Sent as `Idempotence-Key` where the provider supports it. */
  idempotenceKey: string;
  /** Saved cards the bank page may offer (the chosen one first). */
  savedCards: SavedCardRef[];
  /** The buyer pays with a new card and asked to keep it («Сохранить карту»): the bank saves it for next time. */
  saveCard?: boolean;
}

export interface CreatedPayment {
  providerPaymentId: string;
  status: ProviderPaymentStatus;
  /** Where to send the buyer to pay (absolute or same-origin path). */
  confirmationUrl: string | null;
}

/** What the provider says about a payment (used to confirm webhooks — never trust their body). */
export interface FetchedPayment {
  providerPaymentId: string;
  status: ProviderPaymentStatus;
  /** Kopecks. */
  amount: number;
  metadata: Record<string, string>;
}

/** A refund of a succeeded payment (whole or part). */
export interface RefundInput {
  providerPaymentId: string;
  /** Kopecks. */
  amount: number;
  /** Sent as `Idempotence-Key`: the same key never refunds twice. */
  idempotenceKey: string;
  /** Why (shown in the provider's books). */
  reason: string;
  /** The order refunded (YooKassa's 54-ФЗ refund receipt lists its items). */
  orderId?: number;
}

/** The provider's answer to a refund: `succeeded` (money on its way back) or `pending` (ask again later). */
export interface RefundResult {
  providerRefundId: string;
  status: 'succeeded' | 'pending';
}

/** A payout of a seller's money to their card. */
export interface PayoutInput {
  /** Kopecks. */
  amount: number;
  /** The payout card's gateway token (YooKassa: its payout token). */
  cardToken: string;
  /** Sent as `Idempotence-Key`: the same key never pays twice. */
  idempotenceKey: string;
  /** Shown in the provider's books, e.g. «Выплата по заказу V-2611-000123». */
  description: string;
  orderId: number;
}

/**
 * The provider's answer to a payout: `succeeded` (sent to the card), `pending` (ask again later with the same
 * key) or `canceled` (refused for good — a new try needs a new key), with the provider's reason.
 */
export interface PayoutResult {
  providerPayoutId: string;
  status: 'succeeded' | 'pending' | 'canceled';
  reason?: string;
}

/** A saved card's public details, resolved from a gateway token. */
export interface ResolvedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Creates a payment at the provider.
   * @throws ApiError 502 when the provider cannot be reached or refuses
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Reads a payment from the provider (null when unknown). */
  getPayment(providerPaymentId: string): Promise<FetchedPayment | null>;
  /** Best effort: stops a pending payment (an expired reservation). */
  cancelPayment(providerPaymentId: string): Promise<void>;
  /**
   * Refunds a succeeded payment; idempotent by `idempotenceKey`.
   * @throws Error (ApiError 502) when the provider cannot be reached or refuses — the caller retries
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Pays a seller out to a card; idempotent by `idempotenceKey`.
   * @throws Error when the provider cannot be reached or answers an error — the caller retries with the same key
   */
  payout(input: PayoutInput): Promise<PayoutResult>;
  /** A card token → its public details, or null when the provider does not know it. */
  resolveCardToken(token: string): Promise<ResolvedCard | null>;
  /**
   * The token of the card a succeeded payment saved (created with `saveCard`), or null when it saved none.
   * @throws Error when the provider cannot be reached (the caller's job tries again)
   */
  savedCardToken(providerPaymentId: string): Promise<string | null>;
}
