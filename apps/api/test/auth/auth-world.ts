/**
 * The app of the sign-in tests (auth-*.test.ts in this folder) and their calls: send a code, verify it, read the
 * development SMS outbox.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, randomIp, randomPhone, type TestContext } from '../helpers.js';

/**
 * Registers the hooks that start the file's app before its tests (`t` set from the first test on) and close it
 * after them.
 */
export function useAuthApp() {
  const s = {} as { t: TestContext };
  beforeAll(async () => {
    s.t = await createTestApp();
  });
  afterAll(() => s.t?.close());

  const send = (phone: string, ip = randomIp()) =>
    s.t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: ip });
  const verify = (phone: string, code: string, ip = randomIp()) =>
    s.t.app.inject({ method: 'POST', url: '/v1/auth/verify-code/', payload: { phone, code }, remoteAddress: ip });
  const outbox = async (phone: string) =>
    (await s.t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json() as {
      results: { phone: string; text: string; code: string; sent_at: string }[];
    };
  /** A fresh 10-digit national number (`999xxxxxxx`) for format tests. */
  const national = () => randomPhone().slice(2);
  const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
  return Object.assign(s, { send, verify, outbox, national, wrongCode });
}
