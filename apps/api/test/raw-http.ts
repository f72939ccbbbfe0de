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

/** One answer read off a {@link KeepAliveConnection}. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the request's last byte written to the answer's last byte read. */
  ms: number;
}

/**
 * One keep-alive connection for several requests in turn, as a browser reuses it: `exchange` writes a request
 * (head and body) and resolves with its answer (read by `Content-Length`), or rejects when none came within
 * `timeoutMs` or the server closed the connection first.
 */
export class KeepAliveConnection {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #closed = false;
  #wake: (() => void) | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (d: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, d]);
      this.#wake?.();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.#closed = true;
      this.#wake?.();
    });
  }

  /** Opens a connection to `127.0.0.1:port`. */
  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new KeepAliveConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes `request` and reads its answer. */
  async exchange(request: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
    const started = Date.now();
    this.#socket.write(request);
    for (;;) {
      const answer = this.#take();
      if (answer) return { ...answer, ms: Date.now() - started };
      if (this.#closed) throw new Error(`the server closed the connection: ${this.#buffer.toString()}`);
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  /** Whether the server has closed the connection. */
  get closed(): boolean {
    return this.#closed;
  }

  close(): void {
    this.#socket.destroy();
  }

  /** A whole answer off the front of the buffer, or null while it has not all arrived. */
  #take(): Omit<RawAnswer, 'ms'> | null {
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.#buffer.length < end + 4 + length) return null;
    const body = this.#buffer.subarray(end + 4, end + 4 + length).toString();
    this.#buffer = this.#buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }
}
