/**
 * The account-deletion code right after signing in: the 60 s resend pause is per kind of code, so a sign-in code
 * sent a moment ago does not refuse the deletion code (the per-number limits over all kinds still hold), and a
 * second deletion code within the pause says which code it means.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomIp, signIn, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('deletion code after a sign-in code', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const askDeleteCode = (auth: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: '/v1/users/me/delete/send-code/', headers: auth, remoteAddress: randomIp() });

  it('sends the deletion code seconds after the sign-in code; a second one within the pause names the deletion code', async () => {
    const s = await signIn(t.app);
    t.clock.advance(5_000);
    const first = await askDeleteCode(s.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, retry_after: 60 });
    const outbox = await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(s.phone)}`);
    expect(outbox.json().results[0].text).toMatch(/удаления аккаунта/);

    t.clock.advance(10_000);
    const again = await askDeleteCode(s.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(
      /^Код для удаления аккаунта уже отправлен\. Новый можно запросить через 50 с\.$/,
    );
  });

  it('a sign-in code asked right after a deletion code is not refused either, and still within the pause of its own kind', async () => {
    const s = await signIn(t.app);
    t.clock.advance(61_000);
    expect((await askDeleteCode(s.auth)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone: s.phone },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone: s.phone },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(/^Код для входа уже отправлен/);
  });
});
