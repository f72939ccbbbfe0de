/**
 * Slow and endless requests are closed, and overload is refused at once: headers that never end,
 * a body that trickles forever, a body that stops, and a Russian 503 with Retry-After under overload.
 */
import { connect, type Socket } from 'node:net';
import { rawRequest } from '../raw-http.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('request timeouts', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '500', CONNECTION_TIMEOUT_MS: '800' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  const bodyHead = (length: number) =>
    'POST /v1/auth/send-code/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${length}\r\n\r\n{"phone": "`;

  it('closes headers that never end with a Russian 408', async () => {
    const res = await rawRequest(port, 'GET /v1/ping/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', {
      bytes: 'a',
      everyMs: 100,
    });
    expect(res.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(res.answer).toContain('Запрос не пришёл целиком вовремя');
    expect(res.ms).toBeLessThan(3000);
  });

  it('closes a body that trickles forever', async () => {
    const res = await rawRequest(port, bodyHead(1_000_000), { bytes: '9', everyMs: 100 });
    expect(res.ms).toBeGreaterThanOrEqual(1000);
    expect(res.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(res.ms).toBeLessThan(5000);
    expect(res.answer).not.toMatch(/^HTTP\/1\.1 (200|5\d\d)/);
  });

  it('closes a body that stops arriving', async () => {
    const res = await rawRequest(port, bodyHead(100));
    expect(res.ms).toBeLessThan(5000);
    expect(res.answer).not.toMatch(/^HTTP\/1\.1 (200|5\d\d)/);
  });

  it('still serves a normal request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/ping/`);
    expect(res.status).toBe(200);
  });
});

describe.runIf(dbAvailable())('overload', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Any heap is «too much» at 1 MB: the server must say it is overloaded.
    t = await createTestApp({ OVERLOAD_HEAP_MB: '1' });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After and a Russian detail at once', async () => {
    await new Promise((r) => setTimeout(r, 1200)); // the first samples
    const res = await t.app.inject('/v1/ping/');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: 'Сервер перегружен. Повторите запрос через несколько секунд.' });
  });
});

describe.runIf(dbAvailable())('cap on requests in progress', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ OVERLOAD_MAX_IN_FLIGHT: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  it('counts only requests in progress: many answered ones in a row on one connection pass the cap of 2', async () => {
    for (let i = 0; i < 10; i += 1) expect((await fetch(`http://127.0.0.1:${port}/v1/ping/`)).status).toBe(200);
  });

  it('answers 503 with Retry-After at once past the cap, and serves again when the requests in progress end', async () => {
    // Two requests in progress: their bodies never come.
    const hanging = [0, 1].map(() => {
      const socket: Socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /v1/auth/send-code/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        ),
      );
      socket.on('error', () => undefined);
      return socket;
    });
    let refused: Response | undefined;
    for (let i = 0; i < 100 && refused?.status !== 503; i += 1)
      refused = await fetch(`http://127.0.0.1:${port}/v1/ping/`);
    expect(refused!.status).toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('5');
    expect(await refused!.json()).toEqual({ detail: 'Сервер перегружен. Повторите запрос через несколько секунд.' });
    // The balancer's readiness check (deploy/Caddyfile) still hears «ready»: overload is not an outage.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    for (const s of hanging) s.destroy();
    let served: Response | undefined;
    for (let i = 0; i < 100 && served?.status !== 200; i += 1)
      served = await fetch(`http://127.0.0.1:${port}/v1/ping/`);
    expect(served!.status).toBe(200);
  });
});
