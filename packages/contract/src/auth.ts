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

/** Answer of `POST /v1/auth/send-code/`: when a new code may be asked and how many digits it has. */
export const codeSentSchema = z.object({
  success: z.literal(true),
  /** Seconds until a new code may be requested. */
  retry_after: z.number().int(),
  /** Digits in the code (4 by default). */
  code_length: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** Answer of `POST /v1/auth/verify-code/`: the new token (40 hex characters). */
export const signedInSchema = z.object({ success: z.literal(true), token: z.string() });
export type SignedIn = z.infer<typeof signedInSchema>;

/** A refused code (`400` of `POST /v1/auth/verify-code/`): the Russian reason. */
export const codeRefusedSchema = z.object({ success: z.literal(false), detail: z.string() });

/** Answer of `POST /v1/auth/logout/`. */
export const loggedOutSchema = z.object({ success: z.literal(true) });

/** Avatar URLs (WebP 96 / 256 / 512 px). */
export const avatarUrlsSchema = z.object({
  url: z.string(),
  url_small: z.string(),
  url_large: z.string(),
  srcset: z.string(),
});
export type AvatarUrls = z.infer<typeof avatarUrlsSchema>;

/** The signed-in user as `GET /v1/self/` (`info`) and `PUT /v1/self/change/` answer it. */
export const selfUserSchema = z.object({
  id: z.number().int(),
  /** E.164; null for a deleted account. */
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  avatar: avatarUrlsSchema.nullable(),
  city: z.string(),
  about: z.string(),
  /** ISO 8601. */
  date_joined: z.string(),
});
export type SelfUserBase = z.infer<typeof selfUserSchema>;

/** A saved pickup point of the signed-in user. */
export const deliveryPointInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  point_id: z.string(),
  delivery_service_type: z.string(),
});

/** Answer of `GET /v1/self/`: the user and their saved pickup points (oldest first). */
export const selfAnswerSchema = z.object({
  success: z.literal(true),
  info: selfUserSchema.extend({
    /** A member of the shop's staff: the back office (`/admin`) and «Кабинет сотрудника» in the menu. */
    is_staff: z.boolean(),
    delivery_points: z.array(deliveryPointInfoSchema),
  }),
});
export type SelfAnswer = z.infer<typeof selfAnswerSchema>;
