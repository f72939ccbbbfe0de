/**
 * The client side of `bench/sockets.ts`, in a process of its own (one process cannot hold both ends of 10 000
 * sockets within the file-descriptor limit, and the server's memory must not include the clients').
 * Reads `{url, tokens}` as JSON from stdin, opens one `/ws/notifications/` socket per token (at most 200
 * connecting at once), and talks to the parent over IPC:
 * - `{type: 'ready', connected}` once every socket got its `initial_notifications`;
 * - for every `new_notification`, the delay from the notification's `created_at` to its arrival (ms) is kept;
 *   `{type: 'latencies', values}` answers a `{type: 'report', expect}` once `expect` have arrived (or after 30 s);
 * - `{type: 'close'}` closes everything and exits.
 */
import WebSocket from 'ws';

interface Input {
  url: string;
  tokens: string[];
}

const send = (m: unknown) => process.send?.(m);

async function main() {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Input;
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  let waiting: { expect: number; timer: NodeJS.Timeout } | null = null;
  const flush = () => {
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting = null;
    send({ type: 'latencies', values: latencies.splice(0) });
  };

  const open = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${input.url}/ws/notifications/?token=${token}`);
      sockets.push(ws);
      ws.on('message', (data) => {
        const m = JSON.parse((data as Buffer).toString()) as { type: string; notification?: { created_at: string } };
        if (m.type === 'initial_notifications') resolve();
        else if (m.type === 'new_notification' && m.notification) {
          latencies.push(Date.now() - Date.parse(m.notification.created_at));
          if (waiting && latencies.length >= waiting.expect) flush();
        }
      });
      ws.on('error', reject);
      ws.on('close', (code) => reject(new Error(`socket closed: ${code}`)));
    });

  for (let i = 0; i < input.tokens.length; i += 200) {
    await Promise.all(input.tokens.slice(i, i + 200).map(open));
  }
  send({ type: 'ready', connected: sockets.length });

  process.on('message', (m: { type: string; expect?: number }) => {
    if (m.type === 'report') {
      waiting = { expect: m.expect ?? 0, timer: setTimeout(flush, 30_000) };
      if (latencies.length >= waiting.expect) flush();
    } else if (m.type === 'close') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
}

main().catch((err: unknown) => {
  send({ type: 'error', message: String((err as Error)?.message ?? err) });
  process.exit(1);
});
