/**
 * What the shop checks of the test bank's notices and what it shows of them: every notice is checked with the bank
 * (a call back) and the bank's word applies, not the body's; the webhook secret is the installation's own; `/metrics`
 * counts it all. The notices' delivery: testbank-notices.test.ts; the world: testbank-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { installationSettings, testgatewayPayments } from '../../src/db/schema/index.js';
import { TESTGATEWAY_SECRET_KEY } from '../../src/lib/installation-settings.js';
import { signTestgatewayBody } from '../../src/providers/payments/testgateway-webhook.js';
import { dbAvailable } from '../helpers.js';
import { useTestBank } from './testbank-world.js';

describe.runIf(dbAvailable())('test bank notices: stored, re-delivered for 24 h, verified by a call back', () => {
  const w = useTestBank();
  const { bankProcess, payAtBank, orderStatus, newOrder } = w;

  it('applies what the bank says, not what a signed body says; the same notice twice changes nothing', async () => {
    const webhook = (body: object) => {
      const raw = JSON.stringify(body);
      return w.t.app.inject({
        method: 'POST',
        url: '/v1/payments/webhook/testgateway/',
        headers: {
          'content-type': 'application/json',
          'x-testgateway-signature': `sha256=${signTestgatewayBody(w.t.app.config.payments.testgatewaySecret, raw)}`,
        },
        payload: raw,
      });
    };
    /** An order whose bank payment is `bankSays`, and a validly signed notice saying `bodySays`. */
    const contradicted = async (price: number, bankSays: string, bodySays: 'succeeded' | 'canceled') => {
      const o = await newOrder(price);
      await w.t.app.db
        .update(testgatewayPayments)
        .set({ status: bankSays })
        .where(eq(testgatewayPayments.id, o.gatewayId));
      const body = {
        event_id: `evt_forged_${bodySays}`,
        event: `payment.${bodySays}`,
        payment: { id: o.gatewayId, status: bodySays, amount: price * 100, metadata: {} },
      };
      return { ...o, body };
    };
    // charged at the bank, but the body says «canceled»: the order is paid
    const a = await contradicted(3400, 'succeeded', 'canceled');
    expect((await webhook(a.body)).json()).toEqual({ success: true, result: 'applied' });
    expect(await orderStatus(a.order.id)).toBe('paid');
    expect((await webhook(a.body)).json()).toEqual({ success: true, result: 'duplicate' });
    expect(await orderStatus(a.order.id)).toBe('paid');

    // declined at the bank, the body says «succeeded» with the right amount: nothing is paid
    const b = await contradicted(3500, 'canceled', 'succeeded');
    expect((await webhook(b.body)).json().result).toBe('applied');
    expect(await orderStatus(b.order.id)).toBe('cancelled');
  });

  it('signs with a secret of its own, kept in the database; TESTGATEWAY_SECRET overrides it', async () => {
    const secret = w.t.app.config.payments.testgatewaySecret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(w.t.config.payments.testgatewaySecret).toBe(''); // nothing public in the config
    const rows = await w.t.app.db.select().from(installationSettings);
    expect(rows.filter((r) => r.key === TESTGATEWAY_SECRET_KEY).map((r) => r.value)).toEqual([secret]);
    // a restarted process reads the same secret
    const again = await bankProcess(w.deadUrl);
    try {
      expect(again.config.payments.testgatewaySecret).toBe(secret);
    } finally {
      await again.close();
    }
    const own = await buildApp({
      config: { ...w.t.config, payments: { ...w.t.config.payments, testgatewaySecret: 'from-the-env' } },
      database: w.t.database,
      clock: w.t.clock,
      logger: false,
    });
    try {
      expect(own.config.payments.testgatewaySecret).toBe('from-the-env');
    } finally {
      await own.close();
    }
  });

  it('shows refunds, notices and waiting deliveries at GET /metrics (Prometheus text)', async () => {
    const bank = await bankProcess(w.deadUrl);
    try {
      const { gatewayId } = await newOrder(3600);
      await payAtBank(bank, gatewayId);
    } finally {
      await bank.close();
    }
    const res = await w.t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('vitrina_testgateway_notices_waiting 1');
    for (const state of ['pending', 'failing', 'dead'])
      expect(res.body).toMatch(new RegExp(`vitrina_refunds\\{state="${state}"\\} \\d+`));
    expect(res.body).toMatch(/vitrina_payment_webhook_notices_total\{provider="testgateway",outcome="applied"\} [1-9]/);
    expect(res.body).toMatch(
      /vitrina_payment_webhook_notices_total\{provider="testgateway",outcome="duplicate"\} [1-9]/,
    );
    expect(res.body).toContain('# TYPE vitrina_refunds_total counter');
  });

  it('answers /metrics in production only with the bearer METRICS_TOKEN, else 404', async () => {
    const prod = (metricsToken?: string) =>
      buildApp({
        config: { ...w.t.app.config, isProduction: true, metricsToken },
        database: w.t.database,
        clock: w.t.clock,
        logger: false,
      });
    const closed = await prod(undefined);
    const guarded = await prod('s3cret-token');
    try {
      expect((await closed.inject('/metrics')).statusCode).toBe(404);
      expect((await guarded.inject('/metrics')).statusCode).toBe(404);
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(
        404,
      );
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('vitrina_refunds{state="dead"}');
    } finally {
      await closed.close();
      await guarded.close();
    }
  });
});
