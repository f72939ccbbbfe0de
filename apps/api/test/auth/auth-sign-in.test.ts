/**
 * Sign-in by phone and one-time code (spec §1, §4, §6, §7) through the real HTTP layer: sending and verifying a code,
 * normalisation, invalid numbers, countries, the development outbox. The app and calls:
 * auth-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsCodes, users } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, signIn } from '../helpers.js';
import { useAuthApp } from './auth-world.js';

describe.runIf(dbAvailable())('auth: send-code / verify-code', () => {
  const s = useAuthApp();
  const { send, verify, outbox, national } = s;

  it('sends a code, stores it in the dev outbox and signs in, creating the user once', async () => {
    const phone = randomPhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, retry_after: 60 });
    const box = await outbox(phone);
    expect(box.results).toHaveLength(1);
    const msg = box.results[0]!;
    expect(msg.phone).toBe(phone);
    expect(msg.code).toMatch(/^\d{6}$/);
    expect(msg.text).toContain(`Код для входа в Витрину: ${msg.code}. Действует 5 минут.`);
    expect(new Date(msg.sent_at).toISOString()).toBe(msg.sent_at);

    const ok = await verify(phone, msg.code);
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[0-9a-f]{40}$/);
    const self = await s.t.app.inject({ url: '/v1/self/', headers: { authorization: `Token ${body.token}` } });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({
      success: true,
      info: { phone, first_name: '', avatar: null, delivery_points: [] },
    });

    // A second sign-in (another device) reuses the user and adds a token.
    s.t.clock.advance(61_000);
    const again = await signIn(s.t.app, phone);
    const self2 = await s.t.app.inject({ url: '/v1/self/', headers: again.auth });
    expect(self2.json().info.id).toBe(self.json().info.id);
    expect(again.token).not.toBe(body.token);
    const rows = await s.t.app.db.select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('normalises +7 …, 8 (…) … and a bare 10-digit number to one E.164 number', async () => {
    const n = national();
    const e164 = `+7${n}`;
    const formats = [
      `+7 ${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
      `8 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
      n,
    ];
    expect((await send(formats[0]!)).statusCode).toBe(200);
    // A JSON number is a number too.
    const asNumber = await s.t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone: Number(`7${n}`) },
      remoteAddress: randomIp(),
    });
    expect(asNumber.statusCode).toBe(429);
    // The same number in other formats hits the same cooldown.
    const second = await send(formats[1]!);
    expect(second.statusCode).toBe(429);
    const box = await outbox(formats[2]!);
    expect(box.results).toHaveLength(1);
    expect(box.results[0]!.phone).toBe(e164);
    // Verify with yet another format.
    const ok = await verify(formats[2]!, box.results[0]!.code);
    expect(ok.statusCode).toBe(200);
    const [u] = await s.t.app.db.select().from(users).where(eq(users.phone, e164));
    expect(u).toBeDefined();
  });

  it('rejects invalid numbers with a Russian 400 naming the field', async () => {
    for (const phone of ['123', 'abc', '+7 999 123 45 6', '', '+7 (999) 123-45-67-89-00']) {
      const res = await send(phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ phone: ['Введите корректный номер телефона.'] });
    }
    const missing = await s.t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: {},
      remoteAddress: randomIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().phone).toBeDefined();
    const bad = await verify('12', '1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: ['Введите корректный номер телефона.'] });
    // A landline cannot receive an SMS.
    const landline = await send('+7 495 123-45-67');
    expect(landline.statusCode).toBe(400);
    expect(landline.json().phone[0]).toMatch(/мобильного/);
  });

  it('sends codes only to the countries of SMS_COUNTRIES (default RU), others get a Russian 400 on phone', async () => {
    for (const phone of ['+7 701 123 45 67', '+375 29 123-45-67', '+49 1512 3456789']) {
      const res = await send(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ phone: ['Коды входа приходят только на номера страны: Россия.'] });
    }
    expect(await s.t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77011234567'))).toHaveLength(0);
    const kz = await createTestApp({ SMS_COUNTRIES: 'ru, kz' });
    try {
      const ok = await kz.app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone: '+7 701 123 45 67' },
        remoteAddress: randomIp(),
      });
      expect(ok.statusCode).toBe(200);
      const by = await kz.app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone: '+375291234567' },
        remoteAddress: randomIp(),
      });
      expect(by.json()).toEqual({ phone: ['Коды входа приходят только на номера стран: Россия, Казахстан.'] });
    } finally {
      await kz.close();
    }
  }, 120_000);

  it('has an SMS outbox that only shows the asked number, newest first', async () => {
    const p1 = randomPhone();
    const p2 = randomPhone();
    await send(p1);
    await send(p2);
    const box = await outbox(p1);
    expect(box.results.every((m) => m.phone === p1)).toBe(true);
    expect(box.results.length).toBeGreaterThan(0);
    const bad = await s.t.app.inject('/v1/dev/sms-outbox/?phone=12');
    expect(bad.statusCode).toBe(400);
    // Never everyone's codes: without a number (or with an empty one) the outbox answers 400 and lists nothing.
    for (const url of ['/v1/dev/sms-outbox/', '/v1/dev/sms-outbox/?phone=']) {
      const all = await s.t.app.inject(url);
      expect(all.statusCode, url).toBe(400);
      expect(all.body, url).not.toContain(p1.slice(1));
      expect(all.json(), url).toHaveProperty('phone');
    }
  });
});
