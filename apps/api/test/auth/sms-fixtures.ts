/**
 * Fixtures of the SMS provider tests (sms-smsru and sms-console in this folder): a local fake of SMS.ru's HTTP API
 * and a logger that keeps what it was given.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** One request the fake SMS.ru received. */
export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** A fake SMS.ru: records requests and answers with `reply()`. */
export function fakeSmsRu() {
  const requests: FakeRequest[] = [];
  let reply: (q: Record<string, string>) => { status: number; body: string } = (q) => ({
    status: 200,
    body: JSON.stringify({
      status: 'OK',
      status_code: 100,
      balance: 100,
      sms: { [q.to!]: { status: 'OK', status_code: 100, sms_id: '1' } },
    }),
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? '', path: url.pathname, query });
    const r = reply(query);
    res.writeHead(r.status, { 'content-type': 'application/json' });
    res.end(r.body);
  });
  return {
    requests,
    setReply(fn: typeof reply) {
      reply = fn;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A logger that keeps every call's arguments as JSON text. */
export function captureLog() {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(JSON.stringify(args));
  const log = { info: push, warn: push, error: push, debug: push, trace: push, fatal: push, level: 'info' } as Record<
    string,
    unknown
  >;
  log.child = () => log;
  return { lines, log: log as unknown as FastifyBaseLogger };
}
