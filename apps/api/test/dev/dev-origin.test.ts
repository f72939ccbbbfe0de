/**
 * In development without `PUBLIC_URL`, links the server writes into redirects and texts follow the
 * origin the page was opened at: a shop opened at http://127.0.0.1:3000 gets the test bank's return to
 * 127.0.0.1:3000 (where its session lives), not to localhost, and so do the SMS's domain line and the card form's
 * return. With `PUBLIC_URL` set, or in production, `PUBLIC_URL` alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { publicOrigin } from '../../src/lib/public-origin.js';

describe.runIf(dbAvailable())('development: links follow the request origin', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    // Development, with the overload guard off as in tests (a busy test machine must not get 503s).
    t = await createTestApp({
      NODE_ENV: 'development',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_HEAP_MB: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
    });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  /** Orders one piece with the given request headers, pays it at the test bank; the bank's answer. */
  async function orderAndPay(headers: Record<string, string>) {
    const l = await makeListing(t.app, seller.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...buyer.auth, ...headers },
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json() as { order: { id: number }; payment: { confirmation_url: string } };
    const gatewayId = new URL(payment.confirmation_url, 'http://x').pathname.split('/').at(-1)!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number: '4111 1111 1111 1111', exp_month: '12', exp_year: '30', cvc: '123' },
    });
    return { order, answer: paid.json() as { status: string; return_url: string } };
  }

  it('returns from the test bank to the host the shop was opened at', async () => {
    const { order, answer } = await orderAndPay({ host: '127.0.0.1:3000' });
    expect(answer).toEqual({ status: 'succeeded', return_url: `http://127.0.0.1:3000/payment?order=${order.id}` });
  });

  it('prefers the Origin header of the page that sent the request', async () => {
    const { order, answer } = await orderAndPay({ host: '127.0.0.1:3000', origin: 'http://192.168.0.7:3000' });
    expect(answer.return_url).toBe(`http://192.168.0.7:3000/payment?order=${order.id}`);
  });

  it('names the opened host in the sign-in SMS', async () => {
    const phone = '+79990007788';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      headers: { host: '127.0.0.1:3000' },
      payload: { phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results as {
      text: string;
      code: string;
    }[];
    expect(sms!.text).toContain(`@127.0.0.1:3000 #${sms!.code}`);
  });

  it('lets the card form return to the opened origin, and nowhere else', async () => {
    const back = 'http://127.0.0.1:3000/checkout';
    const ok = await t.app.inject({
      url: `/testgateway/cards/new?return_url=${encodeURIComponent(back)}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(ok.body).toContain(back);
    const evil = await t.app.inject({
      url: `/testgateway/cards/new?return_url=${encodeURIComponent('https://evil.example/')}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(evil.body).not.toContain('evil.example');
  });
});

describe('publicOrigin', () => {
  const req = { headers: { origin: 'http://127.0.0.1:3000' }, protocol: 'http' as const, host: '127.0.0.1:3000' };
  it('is PUBLIC_URL when it is set, in production, or without a request', () => {
    const set = { publicUrl: 'https://vitrina.example', followRequestOrigin: false, isProduction: false };
    expect(publicOrigin(set, req)).toBe('https://vitrina.example');
    expect(publicOrigin({ ...set, followRequestOrigin: true, isProduction: true }, req)).toBe(
      'https://vitrina.example',
    );
    expect(publicOrigin({ ...set, followRequestOrigin: true })).toBe('https://vitrina.example');
  });
  it('ignores an Origin that is not a bare origin', () => {
    const dev = { publicUrl: 'http://localhost:3000', followRequestOrigin: true, isProduction: false };
    expect(publicOrigin(dev, { ...req, headers: { origin: 'null' } })).toBe('http://127.0.0.1:3000');
    expect(publicOrigin(dev, { ...req, headers: { origin: 'http://a/b' } })).toBe('http://127.0.0.1:3000');
  });
});
