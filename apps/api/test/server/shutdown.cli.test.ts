/**
 * Graceful shutdown of the compiled server: on SIGTERM a request in flight finishes with 200, an open
 * notifications socket is closed with 1012 («service restart», the client reconnects), and the process exits 0.
 * The request is in flight for real: its headers are sent before the signal and its body only after the server
 * has begun stopping (the socket's 1012 says so).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type ServerProcess } from '../crash-server.js';
import { openSocket } from '../ws-client.js';
import { NOTIFICATIONS_SOCKET_CLOSE } from '@vitrina/contract/notifications';

/** Sends the headers and the first half of a JSON POST; `finish()` sends the rest and resolves with the raw answer. */
function slowPost(base: string, url: string, json: unknown) {
  const { hostname, port } = new URL(base);
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (c) => (answer += String(c)));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
  const headersSent = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body.subarray(0, half), () => resolve());
    }),
  );
  return {
    headersSent,
    finish() {
      socket.write(body.subarray(half));
      return ended;
    },
  };
}

describe('SIGTERM', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer('', undefined, { SEED_DEMO: 'false' }, { compiled: true, upWithinMs: 300_000 });
  }, 600_000);
  afterAll(() => server?.stop());

  it('lets a request in flight finish, closes sockets with 1012 and exits 0', async () => {
    const phone = '+79990001122';
    await call(server.base, 'POST', '/v1/auth/send-code/', { json: { phone } });
    const outbox = await call(server.base, 'GET', `/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
    const code = (outbox.body.results as { code: string }[])[0]!.code;
    const token = (await call(server.base, 'POST', '/v1/auth/verify-code/', { json: { phone, code } })).body
      .token as string;
    const ws = openSocket(server.base, `token=${token}`);
    await ws.next((m) => m.type === 'initial_notifications');

    const slow = slowPost(server.base, '/v1/auth/send-code/', { phone: '+79990003344' });
    await slow.headersSent;
    // The server has parsed the headers (the request is in flight) once the dev outbox, asked after them on
    // another connection, has answered.
    await call(server.base, 'GET', `/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
    server.child.kill('SIGTERM');

    expect(await ws.closedWithin(10_000)).toEqual({
      code: NOTIFICATIONS_SOCKET_CLOSE.serviceRestart,
      reason: 'service restart',
    });
    const answer = await slow.finish();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toContain('"success":true');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
