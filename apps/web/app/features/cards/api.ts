/**
 * Calls of the cards domain (spec §7). Vitrina never sees a card number: a card is added on the payment
 * gateway's card page, which returns a `card_token`; only that token is sent to `POST /v1/user/add-card/`,
 * with the `card_state` the API gave when this session opened the page (a link with someone else's token is
 * refused).
 */
import type { Card, CardUpdate } from '@vitrina/contract/orders';
import { apiClient } from '../../shared/api/typed';

/** `GET /v1/self/cards/` → the user's cards, default first. */
export const fetchCards = (signal?: AbortSignal) => apiClient.GET('/v1/self/cards/', { signal });

/** `POST /v1/user/card-form/` → 201 the state the card page must come back with. */
export const openCardForm = () => apiClient.POST('/v1/user/card-form/');

/**
 * `POST /v1/user/add-card/` (multipart `card_token`, `card_state`) → 201 the card; an unknown token, or a
 * missing or foreign state, is a 400.
 */
export function addCard(cardToken: string, cardState: string) {
  const form = new FormData();
  form.append('card_token', cardToken);
  form.append('card_state', cardState);
  return apiClient.POST('/v1/user/add-card/', { form });
}

/**
 * `PUT /v1/self/card/{id}/` (`name`, `is_default`) → the card. Sent as multipart: the route reads JSON or a form
 * (its document declares no JSON body).
 */
export function updateCard(id: number, patch: CardUpdate) {
  const form = new FormData();
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) form.append(k, String(v));
  return apiClient.PUT('/v1/self/card/{id}/', { params: { path: { id } }, form });
}

/** `DELETE /v1/self/card/remove/{id}/` → 204. */
export const removeCard = (id: number) => apiClient.DELETE('/v1/self/card/remove/{id}/', { params: { path: { id } } });

/** `GET /v1/public/payments/config/` → the provider and its card page (null: cards are saved while paying). */
export const fetchPaymentsConfig = (signal?: AbortSignal) =>
  apiClient.GET('/v1/public/payments/config/', { auth: false, signal });

/** The gateway's card page (`card_form_url`); it comes back to `returnTo` with `card_token=…` added. */
export const newCardUrl = (returnTo: string, cardFormUrl = '/testgateway/cards/new') =>
  `${cardFormUrl}${cardFormUrl.includes('?') ? '&' : '?'}return_url=${encodeURIComponent(returnTo)}`;

/** «Visa •••• 4242» */
export const cardTitle = (c: Pick<Card, 'brand' | 'last4'>) => `${c.brand} •••• ${c.last4}`;

/** «до 08/29» */
export const cardExpiry = (c: Pick<Card, 'exp_month' | 'exp_year'>) =>
  `до ${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year % 100).padStart(2, '0')}`;
