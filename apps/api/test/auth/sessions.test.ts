/**
 * Sessions: the devices list, signing one device or all out, and tokens that expire after 90 days
 * without use (refused at once, deleted by the recurring job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authTokens } from '../../src/db/schema/index.js';
import { describeUserAgent } from '../../src/lib/user-agent.js';
import { EXPIRE_TOKENS_EVERY_MS } from '../../src/modules/auth/tokens.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from '../helpers.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const YANDEX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 YaBrowser/24.12.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('describeUserAgent', () => {
  it('names the browser and the system in two words', () => {
    expect(describeUserAgent(CHROME_ANDROID)).toBe('Chrome, Android');
    expect(describeUserAgent(SAFARI_IOS)).toBe('Safari, iOS');
    expect(describeUserAgent(YANDEX_WINDOWS)).toBe('Яндекс Браузер, Windows');
    expect(describeUserAgent(FIREFOX_MAC)).toBe('Firefox, macOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('Неизвестное устройство');
    expect(describeUserAgent('')).toBe('Неизвестное устройство');
  });
});

describe.runIf(dbAvailable())('sessions: list, sign out one or all, expiry', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Signs `phone` in from a browser; the clock moves past the resend cooldown first. */
  const signInAs = async (phone: string, userAgent: string) => {
    t.clock.advance(61_000);
    const send = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      remoteAddress: randomIp(),
    });
    expect(send.statusCode).toBe(200);
    const code = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0]
      .code as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone, code },
      headers: { 'user-agent': userAgent },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Token ${res.json().token as string}` };
  };
  const sessions = (auth: { authorization: string }) => t.app.inject({ url: '/v1/auth/sessions/', headers: auth });
  const self = (auth: { authorization: string }) => t.app.inject({ url: '/v1/self/', headers: auth });

  it('lists the caller’s devices, this one first and marked current', async () => {
    const phone = randomPhone();
    const phoneAuth = await signInAs(phone, CHROME_ANDROID);
    const laptop = await signInAs(phone, YANDEX_WINDOWS);
    const stranger = await signInAs(randomPhone(), SAFARI_IOS);
    const res = await sessions(phoneAuth);
    expect(res.statusCode).toBe(200);
    const list = res.json().results as { id: number; device: string; current: boolean; created_at: string }[];
    expect(list.map((s) => [s.device, s.current])).toEqual([
      ['Chrome, Android', true],
      ['Яндекс Браузер, Windows', false],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      device: 'Chrome, Android',
      current: true,
    });
    expect((await sessions(laptop)).json().results[0]).toMatchObject({
      device: 'Яндекс Браузер, Windows',
      current: true,
    });
    expect((await sessions(stranger)).json().results).toHaveLength(1);
    expect((await t.app.inject('/v1/auth/sessions/')).statusCode).toBe(401);
  });

  it('signs one device out; another user’s device is a 404 and keeps working', async () => {
    const phone = randomPhone();
    const a = await signInAs(phone, CHROME_ANDROID);
    const b = await signInAs(phone, FIREFOX_MAC);
    const stranger = await signInAs(randomPhone(), SAFARI_IOS);
    const bId = ((await sessions(b)).json().results[0] as { id: number }).id;
    const strangerId = ((await sessions(stranger)).json().results[0] as { id: number }).id;

    const foreign = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${strangerId}/`, headers: a });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toMatch(/^Устройство не найдено/);
    expect((await self(stranger)).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'DELETE', url: '/v1/auth/sessions/abc/', headers: a });
    expect(bad.statusCode).toBe(400);

    const out = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${bId}/`, headers: a });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, revoked: 1 });
    expect((await self(b)).statusCode).toBe(401);
    expect((await self(a)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${bId}/`, headers: a });
    expect(again.statusCode).toBe(404);
  });

  it('signs out everywhere, this device included, and no one else', async () => {
    const phone = randomPhone();
    const a = await signInAs(phone, CHROME_ANDROID);
    const b = await signInAs(phone, FIREFOX_MAC);
    const stranger = await signInAs(randomPhone(), SAFARI_IOS);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/logout-all/', headers: a });
    expect(res.json()).toEqual({ success: true, revoked: 2 });
    expect((await self(a)).statusCode).toBe(401);
    expect((await self(b)).statusCode).toBe(401);
    expect((await self(stranger)).statusCode).toBe(200);
  });

  it('refuses a token unused for 90 days and deletes it with the recurring job; use keeps a token alive', async () => {
    const phone = randomPhone();
    const idle = await signInAs(phone, CHROME_ANDROID);
    const used = await signInAs(phone, FIREFOX_MAC);
    const usedId = ((await sessions(used)).json().results[0] as { id: number }).id;
    await t.app.jobs.ensureRecurring();
    t.clock.advance(89 * 24 * 3_600_000);
    expect((await self(used)).statusCode).toBe(200); // notes the use
    const lastUsed = (await sessions(used)).json().results[0].last_used_at as string;
    expect(new Date(lastUsed).getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(24 * 3_600_000 + EXPIRE_TOKENS_EVERY_MS);
    const refused = await self(idle);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('Недопустимый токен.');
    await t.app.jobs.runDue();
    const left = await t.app.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.userAgent, FIREFOX_MAC));
    // Every token of this file but the one just used is idle by now: the job deleted them all.
    expect(left.map((r) => r.id)).toEqual([usedId]);
    expect(await t.app.db.select().from(authTokens).where(eq(authTokens.userAgent, CHROME_ANDROID))).toEqual([]);
    expect((await self(used)).statusCode).toBe(200);
    expect((await sessions(used)).json().results).toHaveLength(1);
  });
});
