/** Calls of the sign-in dialog (spec §7): send-code, verify-code. */
import { api } from '../../shared/api/client';

export interface SendCodeAnswer {
  success: boolean;
  /** Seconds until a new code may be requested. */
  retry_after: number;
  /** Digits in the code (4 by default). */
  code_length: number;
}

/** `POST /v1/auth/send-code/` for an E.164 number. */
export const sendCode = (phone: string) =>
  api<SendCodeAnswer>('/v1/auth/send-code/', { method: 'POST', json: { phone }, auth: false });

/** `POST /v1/auth/verify-code/` → `{success, token}`. */
export const verifyCode = (phone: string, code: string) =>
  api<{ success: boolean; token: string }>('/v1/auth/verify-code/', {
    method: 'POST',
    json: { phone, code },
    auth: false,
  });
