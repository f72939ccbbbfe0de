/**
 * Calls of the sign-in dialog (spec §7: send-code, verify-code) and of deleting the account — typed from the server's
 * OpenAPI document (shared/api/typed.ts).
 */
import { apiClient } from '../../shared/api/typed';

/** `POST /v1/auth/send-code/` for an E.164 number → `{success, retry_after, code_length}`. */
export const sendCode = (phone: string) => apiClient.POST('/v1/auth/send-code/', { body: { phone }, auth: false });

/** `POST /v1/auth/verify-code/` → `{success, token}`. */
export const verifyCode = (phone: string, code: string) =>
  apiClient.POST('/v1/auth/verify-code/', { body: { phone, code }, auth: false });

/** `POST /v1/users/me/delete/send-code/` → `{success, retry_after, code_length}`: the code that confirms deleting. */
export const sendDeleteCode = () => apiClient.POST('/v1/users/me/delete/send-code/');

/** `POST /v1/users/me/delete/` with the code → `{success}`: the account and every token of it are gone. */
export const deleteAccount = (code: string) => apiClient.POST('/v1/users/me/delete/', { body: { code } });
