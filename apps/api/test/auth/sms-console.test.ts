/**
 * SMS providers: the production guard of the configuration (countries, the daily cap of wrong tries, no console
 * provider), the masked phone, the console provider's outbox and masked logs, no outbox in production, and the logs of a
 * whole sign-in without the code, the token or the full number. The fakes: sms-fixtures.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { consoleSmsProvider, maskPhone } from '../../src/providers/sms/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, signIn, type TestContext } from '../helpers.js';
import { captureLog } from './sms-fixtures.js';

describe('config: production guard', () => {
  const prod = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://vitrina.example',
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '1',
    YOOKASSA_SECRET_KEY: 'k',
  };
  it('reads SMS_COUNTRIES as ISO codes and refuses unknown ones', () => {
    expect(loadConfig({}).sms.countries).toEqual(['RU']);
    expect(loadConfig({ SMS_COUNTRIES: 'ru, KZ,by' }).sms.countries).toEqual(['RU', 'KZ', 'BY']);
    expect(() => loadConfig({ SMS_COUNTRIES: 'XX' })).toThrow(/SMS_COUNTRIES: укажите коды стран ISO/);
    expect(() => loadConfig({ SMS_COUNTRIES: ' , ' })).toThrow(ConfigError);
  });

  it('refuses a daily cap of wrong tries that lets a code be guessed with more than 0.1 %', () => {
    expect(loadConfig({}).sms).toMatchObject({ codeLength: 6, wrongTriesPerDay: 999 });
    expect(999 / (10 ** 6 - 4)).toBeLessThanOrEqual(0.001);
    // 5 and 4 digits: at most 99 and 9 tries (9 / 9 996 ≈ 0.09 %); unset, the default shrinks to it.
    expect(loadConfig({ SMS_CODE_LENGTH: '5' }).sms.wrongTriesPerDay).toBe(99);
    expect(loadConfig({ SMS_CODE_LENGTH: '4' }).sms.wrongTriesPerDay).toBe(9);
    expect(() => loadConfig({ SMS_CODE_LENGTH: '4', SMS_WRONG_TRIES_PER_DAY: '10' })).toThrow(
      /SMS_WRONG_TRIES_PER_DAY: при коде из 4 цифр не больше 9/,
    );
    expect(loadConfig({ SMS_WRONG_TRIES_PER_DAY: '999' }).sms.wrongTriesPerDay).toBe(999);
    expect(() => loadConfig({ SMS_WRONG_TRIES_PER_DAY: '1000' })).toThrow(ConfigError);
  });

  it('refuses the console provider in production, explicitly or by default', () => {
    expect(() => loadConfig({ ...prod, SMS_PROVIDER: 'console' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER/);
    // The default in production is smsru, which needs an API id.
    expect(() => loadConfig(prod)).toThrow(/SMSRU_API_ID/);
    expect(loadConfig({ ...prod, SMSRU_API_ID: 'x' }).sms.provider).toBe('smsru');
    expect(loadConfig({ NODE_ENV: 'development' }).sms.provider).toBe('console');
  });

  // The server process refusing these settings (exit 1, the message): production-config.cli.test.ts.
});

describe('maskPhone', () => {
  it('keeps only the country/operator prefix and the last 4 digits', () => {
    expect(maskPhone('+79991234567')).toBe('+7***4567');
    expect(maskPhone('+7999')).toBe('***');
  });
});

describe.runIf(dbAvailable())('console provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes the outbox row and logs only a masked number', async () => {
    const { lines, log } = captureLog();
    const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'));
    const p = consoleSmsProvider({ db: t.app.db, clock, log });
    const phone = randomPhone();
    await p.send({ phone, text: 'Код для входа в Витрину: 9137.', code: '9137' });
    const box = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json();
    expect(box.results).toEqual([
      { phone, text: 'Код для входа в Витрину: 9137.', code: '9137', sent_at: '2026-11-22T10:00:00.000Z' },
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain('9137');
    expect(all).not.toContain(phone);
    expect(all).toContain(maskPhone(phone));
  });

  it('signIn() helper of the other test suites works', async () => {
    const { auth } = await signIn(t.app);
    expect((await t.app.inject({ url: '/v1/self/', headers: auth })).statusCode).toBe(200);
  });
});

describe.runIf(dbAvailable())('production app', () => {
  it('has no development outbox', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vitrina.example',
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID: 'x',
      SMSRU_URL: 'http://127.0.0.1:1',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 'k',
    });
    try {
      const res = await t.app.inject('/v1/dev/sms-outbox/?phone=%2B79991234567');
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.runIf(dbAvailable())('logs of a whole sign-in', () => {
  it('never contain the code, the token or the full phone number (even without redaction)', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    );
    const app = t.app;
    try {
      const phone = randomPhone();
      const send = await app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone },
        remoteAddress: randomIp(),
      });
      expect(send.statusCode).toBe(200);
      const [msg] = await app.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.id))
        .limit(1);
      const wrong = await app.inject({
        method: 'POST',
        url: '/v1/auth/verify-code/',
        payload: { phone, code: '00000' },
      });
      expect(wrong.statusCode).toBe(400);
      const ok = await app.inject({
        method: 'POST',
        url: '/v1/auth/verify-code/',
        payload: { phone, code: msg!.code },
      });
      const token = ok.json().token as string;
      await app.inject({ url: '/v1/self/', headers: { authorization: `Token ${token}` } });
      await app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: { authorization: `Token ${token}` } });
      await app.inject({ url: '/v1/self/', headers: { authorization: `Token ${token}` } });
      const all = lines.join('');
      expect(all.length).toBeGreaterThan(0);
      expect(all).toContain(maskPhone(phone));
      expect(all).not.toContain(phone);
      expect(all).not.toContain(phone.slice(1));
      expect(all).not.toContain(token);
      expect(all).not.toContain(`Витрину: ${msg!.code}`);
      expect(all).not.toContain(`"code":"${msg!.code}"`);
    } finally {
      await t.close();
    }
  }, 120_000);
});
