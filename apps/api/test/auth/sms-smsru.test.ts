/**
 * SMS providers: the SMS.ru adapter against a local fake of its HTTP API (the request it sends, masked logs, its
 * failures answered 503 in Russian), and send-code through it in the app (no outbox; a retry at once after a
 * failure). The fakes: sms-fixtures.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsRuProvider } from '../../src/providers/sms/index.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from '../helpers.js';
import { captureLog, fakeSmsRu } from './sms-fixtures.js';

describe('SMS.ru adapter against a fake gateway', () => {
  const fake = fakeSmsRu();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await fake.start();
  });
  afterAll(() => fake.close());

  it('sends GET /sms/send with api_id, digits-only number, text and json=1; masks logs', async () => {
    const { lines, log } = captureLog();
    const p = smsRuProvider({ baseUrl, apiId: 'test-api-id', log });
    await p.send({ phone: '+79991234567', text: 'Код для входа в Витрину: 4821.', code: '4821' });
    const r = fake.requests.at(-1)!;
    expect(r).toMatchObject({ method: 'GET', path: '/sms/send' });
    expect(r.query).toEqual({
      api_id: 'test-api-id',
      to: '79991234567',
      msg: 'Код для входа в Витрину: 4821.',
      json: '1',
    });
    const all = lines.join('\n');
    expect(all).not.toContain('4821');
    expect(all).not.toContain('79991234567');
    expect(all).not.toContain('test-api-id');
    expect(all).toContain('+7***4567');
  });

  it('answers 503 in Russian when the gateway says ERROR, fails per number, breaks or is down', async () => {
    const { log } = captureLog();
    const p = smsRuProvider({ baseUrl, apiId: 'x', log, timeoutMs: 2000 });
    const msg = { phone: '+79991234567', text: 't', code: '1' };
    const bad: ((q: Record<string, string>) => { status: number; body: string })[] = [
      () => ({
        status: 200,
        body: JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }),
      }),
      (q) => ({
        status: 200,
        body: JSON.stringify({ status: 'OK', sms: { [q.to!]: { status: 'ERROR', status_code: 207 } } }),
      }),
      () => ({ status: 500, body: 'oops' }),
      () => ({ status: 200, body: 'not json' }),
    ];
    for (const fn of bad) {
      fake.setReply(fn);
      await expect(p.send(msg)).rejects.toMatchObject({
        statusCode: 503,
        body: { detail: expect.stringMatching(/Не удалось отправить SMS/) },
      });
    }
    const down = smsRuProvider({ baseUrl: 'http://127.0.0.1:1', apiId: 'x', log });
    await expect(down.send(msg)).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe.runIf(dbAvailable())('send-code through the SMS.ru provider', () => {
  const fake = fakeSmsRu();
  let t: TestContext;
  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: 'app-api-id', SMSRU_URL: url });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  it('delivers the code through the gateway and signs in with it; there is no outbox', async () => {
    const phone = randomPhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const req = fake.requests.at(-1)!;
    expect(req.query.to).toBe(phone.slice(1));
    const code = /Витрину: (\d{6})\. Действует 5 минут\./.exec(req.query.msg!)![1]!;
    const outbox = await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
    expect(outbox.statusCode).toBe(404);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone, code },
      remoteAddress: randomIp(),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers 503 when the gateway fails and lets the person retry at once', async () => {
    const phone = randomPhone();
    fake.setReply(() => ({ status: 200, body: JSON.stringify({ status: 'ERROR', status_code: 201 }) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/Не удалось отправить SMS/);
    fake.setReply((q) => ({ status: 200, body: JSON.stringify({ status: 'OK', sms: { [q.to!]: { status: 'OK' } } }) }));
    const retry = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      remoteAddress: randomIp(),
    });
    expect(retry.statusCode).toBe(200);
  });
});
