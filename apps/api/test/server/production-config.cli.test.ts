/**
 * Production refuses development settings: each with one Russian line naming the variable, and the
 * compiled server (as `npm start` runs it) exits non-zero with that line instead of starting.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { COMPILED_SERVER_ARGS, ensureCompiledServer } from '../compiled-server.js';
import { startServer } from '../crash-server.js';

const root = path.resolve(import.meta.dirname, '../../../..');

/** A production environment that passes: real providers and a public address. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://vitrina.example',
  SMS_PROVIDER: 'smsru',
  SMSRU_API_ID: 'id',
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '1',
  YOOKASSA_SECRET_KEY: 'live_key',
};

/** The problems loadConfig lists for `env` ([] when it passes). */
function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
}

describe('production configuration', () => {
  it('passes with real providers and PUBLIC_URL', () => {
    expect(problems(PRODUCTION)).toEqual([]);
    expect(loadConfig(PRODUCTION)).toMatchObject({ publicUrl: 'https://vitrina.example', followRequestOrigin: false });
  });

  it('refuses the SMS console provider', () => {
    expect(problems({ ...PRODUCTION, SMS_PROVIDER: 'console' })).toEqual([
      'SMS_PROVIDER: провайдер console только для разработки, в production укажите smsru',
    ]);
  });

  it('refuses the test bank', () => {
    expect(problems({ ...PRODUCTION, PAYMENT_PROVIDER: 'testgateway' })).toEqual([
      'PAYMENT_PROVIDER: тестовый шлюз только для разработки, в production укажите yookassa',
    ]);
  });

  it('refuses a missing PUBLIC_URL (links would point at localhost)', () => {
    for (const PUBLIC_URL of [undefined, '']) {
      expect(problems({ ...PRODUCTION, PUBLIC_URL })).toEqual([
        'PUBLIC_URL: в production обязателен — адрес магазина для ссылок, возврата из банка и SMS, например https://vitrina.ru',
      ]);
    }
  });

  it('has no default secrets: the real providers need their keys', () => {
    expect(problems({ ...PRODUCTION, SMSRU_API_ID: undefined })).toEqual([
      'SMSRU_API_ID: обязателен для SMS_PROVIDER=smsru',
    ]);
    expect(problems({ ...PRODUCTION, YOOKASSA_SECRET_KEY: undefined })).toEqual([
      'YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY: обязательны для PAYMENT_PROVIDER=yookassa',
    ]);
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    expect(problems({ ...PRODUCTION, PUBLIC_URL: 'javascript:alert(1)' })).toEqual([
      'PUBLIC_URL: должен начинаться с http:// или https://, например https://vitrina.ru',
    ]);
    for (const name of [
      'PUBLIC_API_URL',
      'SMSRU_URL',
      'YOOKASSA_API_URL',
      'YOOKASSA_PAYOUTS_URL',
      'TESTGATEWAY_WEBHOOK_URL',
      'S3_ENDPOINT',
      'MEDIA_PUBLIC_URL',
    ]) {
      for (const value of ['javascript:alert(1)', 'ftp://files.example', 'vitrina.example', 'https://']) {
        const found = problems({ ...PRODUCTION, [name]: value });
        expect(found, `${name}=${value}`).toHaveLength(1);
        expect(found[0]).toMatch(new RegExp(`^${name}: должен начинаться с http:// или https://`));
      }
    }
    // Outside production too: a `javascript:` link is never a shop address.
    expect(problems({ PUBLIC_URL: 'javascript:alert(1)' })[0]).toMatch(/^PUBLIC_URL: /);
    expect(problems({ ...PRODUCTION, PUBLIC_API_URL: '', PUBLIC_URL: 'http://shop.local:8080/' })).toEqual([]);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters', () => {
    expect(problems({ ...PRODUCTION, METRICS_TOKEN: 'a' })).toEqual([
      'METRICS_TOKEN: не короче 32 символов (например, openssl rand -hex 32), иначе токен метрик можно подобрать',
    ]);
    expect(problems({ ...PRODUCTION, METRICS_TOKEN: 'x'.repeat(31) })).toHaveLength(1);
    expect(problems({ ...PRODUCTION, METRICS_TOKEN: 'x'.repeat(32) })).toEqual([]);
  });

  it('listens on 127.0.0.1 outside production unless HOST says otherwise; production on 0.0.0.0', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('outside production the same settings pass, and links follow the request without PUBLIC_URL', () => {
    const dev = { NODE_ENV: 'development', SMS_PROVIDER: 'console', PAYMENT_PROVIDER: 'testgateway' };
    expect(loadConfig(dev)).toMatchObject({ followRequestOrigin: true, publicUrl: 'http://localhost:3000' });
    expect(loadConfig({ ...dev, PUBLIC_URL: 'http://shop.local/' })).toMatchObject({
      followRequestOrigin: false,
      publicUrl: 'http://shop.local',
    });
  });
});

describe('the compiled server in production with development settings', () => {
  beforeAll(() => ensureCompiledServer(), 600_000);

  it('exits non-zero naming each variable, before opening the database', () => {
    const res = spawnSync(process.execPath, [...COMPILED_SERVER_ARGS, '--api-only'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SMS_PROVIDER: 'console',
        PAYMENT_PROVIDER: 'testgateway',
        PORT: '0',
        DATA_DIR: '/nonexistent/vitrina',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Неверная конфигурация:');
    expect(res.stderr).toContain('  - SMS_PROVIDER: провайдер console только для разработки');
    expect(res.stderr).toContain('  - PAYMENT_PROVIDER: тестовый шлюз только для разработки');
    expect(res.stderr).toContain('  - PUBLIC_URL: в production обязателен');
  }, 60_000);
});

describe('the server started without NODE_ENV and HOST', () => {
  it('serves development on loopback only: 127.0.0.1 answers, another address of the machine does not', async () => {
    // `npm start` with nothing set: development mode, whose /v1/dev/ routes show sign-in codes and move the clock.
    const unset = { NODE_ENV: undefined, HOST: undefined } as unknown as Record<string, string>;
    const server = await startServer('', undefined, unset, { compiled: true, upWithinMs: 300_000 });
    try {
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      // 127.0.0.2 is this machine too; a server bound to 0.0.0.0 would answer it, one bound to 127.0.0.1 does not.
      const other = server.base.replace('127.0.0.1', '127.0.0.2');
      await expect(fetch(`${other}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  }, 360_000);
});

describe('the compiled server in production with real settings', () => {
  it('starts and writes JSON lines only (a log collector reads its output), the seed line too', async () => {
    const server = await startServer(
      '',
      undefined,
      { ...PRODUCTION, LOG_LEVEL: 'info', SEED_DEMO: 'true', SEED_PRODUCTS: '3' },
      { compiled: true, upWithinMs: 300_000 },
    );
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const lines = server.output().split('\n').filter(Boolean);
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('Витрина: создаю демо-каталог (3 товаров)…');
  }, 360_000);
});
