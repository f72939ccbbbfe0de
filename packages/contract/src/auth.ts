/**
 * The sessions contract: `GET /v1/auth/sessions/` lists the caller's signed-in devices (one per
 * token), `DELETE /v1/auth/sessions/{id}/` signs one of them out, `POST /v1/auth/logout-all/` signs out all.
 * A token unused for {@link SESSION_IDLE_DAYS} days expires.
 */
import { z } from 'zod';

/** Days without use after which a token stops working. */
export const SESSION_IDLE_DAYS = 90;

/** One signed-in device. */
export const sessionSchema = z.object({
  id: z.number().int(),
  /** When the device signed in (ISO 8601). */
  created_at: z.string(),
  /** When the token was last used (ISO 8601, to the hour). */
  last_used_at: z.string(),
  /** Browser and system in Russian words, e.g. «Chrome, Android»; «Неизвестное устройство» when unknown. */
  device: z.string(),
  /** True for the token of this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The caller's devices, the current one first, then by last use (newest first). */
export const sessionListSchema = z.object({ results: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** Answer of sign-out calls; `revoked` counts the tokens that stopped working. */
export const sessionsRevokedSchema = z.object({ success: z.literal(true), revoked: z.number().int() });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;
