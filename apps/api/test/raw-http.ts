/**
 * A raw HTTP exchange over a socket, for requests `fetch` and `app.inject` cannot send: headers that never end,
 * bodies that trickle or stop, bytes Node's parser refuses.
 */
import { connect, type Socket } from 'node:net';

/** Opens a raw connection, writes `head`, then `drip` every `everyMs` until closed; resolves with what came back. */
export function rawRequest(port: number, head: string, drip?: { bytes: string; everyMs: number }) {
  return new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    const timer = drip ? setInterval(() => socket.writable && socket.write(drip.bytes), drip.everyMs) : undefined;
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 10 s: ${answer}`));
    }, 10_000);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(guard);
      resolve({ answer, ms: Date.now() - started });
    });
  });
}
