/** Calls of the sign-in dialog (spec §7): send-code, verify-code — typed from the server's OpenAPI document. */
import { apiClient } from '../../shared/api/typed';

/** `POST /v1/auth/send-code/` for an E.164 number → `{success, retry_after, code_length}`. */
export const sendCode = (phone: string) => apiClient.POST('/v1/auth/send-code/', { body: { phone }, auth: false });

/** `POST /v1/auth/verify-code/` → `{success, token}`. */
export const verifyCode = (phone: string, code: string) =>
  apiClient.POST('/v1/auth/verify-code/', { body: { phone, code }, auth: false });
