/**
 * Deleting one's account (152-ФЗ): `POST /v1/users/me/delete/send-code/` sends an SMS code to the
 * account's phone; `POST /v1/users/me/delete/` with that code erases the person's data in one transaction.
 * Open orders block it (409 with {@link accountDeleteBlockedSchema}).
 */
import { z } from 'zod';

/** The name every view shows for a person who deleted their account. */
export const DELETED_USER_NAME = 'Удалённый пользователь';

/** Answer of `POST /v1/users/me/delete/send-code/`: where the code went (masked) and when a new one may be asked. */
export const deleteCodeSentSchema = z.object({
  success: z.literal(true),
  /** The account's phone with the middle hidden, e.g. `+7 999 ***-**-67`. */
  phone: z.string(),
  /** Seconds before another code may be requested. */
  retry_after: z.number().int(),
  /** Digits in the code. */
  code_length: z.number().int(),
});
export type DeleteCodeSent = z.infer<typeof deleteCodeSentSchema>;

/** Body of `POST /v1/users/me/delete/`. */
export const deleteAccountBodySchema = z.object({ code: z.string() });

/** Answer of `POST /v1/users/me/delete/`: the account is gone and every token of it stopped working. */
export const accountDeletedSchema = z.object({ success: z.literal(true) });

/** An order that blocks deletion. */
export const blockingOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The caller's side of the order. */
  role: z.enum(['buyer', 'seller']),
  status: z.string(),
  status_label: z.string(),
});
export type BlockingOrder = z.infer<typeof blockingOrderSchema>;

/** 409 of `POST /v1/users/me/delete/` (and of send-code): open orders, named, with what to do in `detail`. */
export const accountDeleteBlockedSchema = z.object({
  detail: z.string(),
  orders: z.array(blockingOrderSchema),
});
export type AccountDeleteBlocked = z.infer<typeof accountDeleteBlockedSchema>;
