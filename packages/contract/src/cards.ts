/**
 * Cards in the buying contract (spec §4: cards; the test gateway): the gateway's card form and saved cards. No
 * answer ever carries a card number or CVC. `orders.ts` re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';

/** Card brands by BIN. */
export const CARD_BRANDS = ['Мир', 'Visa', 'Mastercard', 'Карта'] as const;

/**
 * Test gateway `POST /testgateway/api/cards/` (JSON) → 200 {@link gatewayCardSchema}. Only the gateway ever
 * sees the number; Vitrina then gets `card_token`.
 */
export const gatewayCardInputSchema = z.object({
  number: z.string(),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string(),
});
export type GatewayCardInput = z.infer<typeof gatewayCardInputSchema>;
export const gatewayCardSchema = z.object({
  card_token: z.string(),
  last4: z.string(),
  brand: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type GatewayCard = z.infer<typeof gatewayCardSchema>;

/**
 * `POST /v1/user/card-form/` → 201: the state of a card form this session opens. Put `card_state` into the card
 * form's return address; `POST /v1/user/add-card/` takes it back with `card_token` (once, within 30 minutes).
 */
export const cardFormStateSchema = z.object({ card_state: z.string(), expires_at: z.string() });
export type CardFormState = z.infer<typeof cardFormStateSchema>;

/**
 * A saved card: `POST /v1/user/add-card/` (multipart `card_token`, `card_state`, optional `name`) → 201;
 * `GET /v1/self/cards/` → array of these (default first); `GET|PUT /v1/self/card/{id}/` (PUT JSON or multipart:
 * `is_default`, `name`) → one; `DELETE /v1/self/card/remove/{id}/` → 204.
 */
export const cardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardUpdateSchema = z.object({
  name: z.string().trim().max(100).optional(),
  is_default: z.boolean().optional(),
});
export type CardUpdate = z.infer<typeof cardUpdateSchema>;
