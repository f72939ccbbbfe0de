/**
 * Calls of the cards domain (spec §7). Vitrina never sees a card number: a card is added on the payment
 * gateway's card page, which returns a `card_token`; only that token is sent to `POST /v1/user/add-card/`,
 * with the `card_state` the API gave when this session opened the page (a link with someone else's token is
 * refused).
 */
import type { Card, CardFormState, CardUpdate, PaymentsConfig } from '@vitrina/contract/orders';
import { api } from '../../shared/api/client';

/** `GET /v1/self/cards/` → the user's cards, default first. */
export const fetchCards = (signal?: AbortSignal) => api<Card[]>('/v1/self/cards/', { signal });

/** `POST /v1/user/card-form/` → 201 the state the card page must come back with. */
export const openCardForm = () => api<CardFormState>('/v1/user/card-form/', { method: 'POST' });

/**
 * `POST /v1/user/add-card/` (multipart `card_token`, `card_state`) → 201 the card; an unknown token, or a
 * missing or foreign state, is a 400.
 */
export function addCard(cardToken: string, cardState: string) {
  const form = new FormData();
  form.append('card_token', cardToken);
  form.append('card_state', cardState);
  return api<Card>('/v1/user/add-card/', { method: 'POST', form });
}

/** `PUT /v1/self/card/{id}/` (JSON `name`, `is_default`) → the card. */
export const updateCard = (id: number, patch: CardUpdate) =>
  api<Card>(`/v1/self/card/${id}/`, { method: 'PUT', json: patch });

/** `DELETE /v1/self/card/remove/{id}/` → 204. */
export const removeCard = (id: number) => api<null>(`/v1/self/card/remove/${id}/`, { method: 'DELETE' });

/** `GET /v1/public/payments/config/` → the provider and its card page (null: cards are saved while paying). */
export const fetchPaymentsConfig = (signal?: AbortSignal) =>
  api<PaymentsConfig>('/v1/public/payments/config/', { auth: false, signal });

/** The gateway's card page (`card_form_url`); it comes back to `returnTo` with `card_token=…` added. */
export const newCardUrl = (returnTo: string, cardFormUrl = '/testgateway/cards/new') =>
  `${cardFormUrl}${cardFormUrl.includes('?') ? '&' : '?'}return_url=${encodeURIComponent(returnTo)}`;

/** «Visa •••• 4242» */
export const cardTitle = (c: Pick<Card, 'brand' | 'last4'>) => `${c.brand} •••• ${c.last4}`;

/** «до 08/29» */
export const cardExpiry = (c: Pick<Card, 'exp_month' | 'exp_year'>) =>
  `до ${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year % 100).padStart(2, '0')}`;
