/**
 * Answers for requests that Node's HTTP parser refuses before Fastify sees them (Fastify's
 * `clientErrorHandler`). Node rejects raw non-ASCII bytes in the request line, which is what
 * `curl "http://…/catalog/search?q=кроссовки"` sends (browsers percent-encode). Instead of a bare
 * English 400 such a GET/HEAD gets a 308 redirect to the same address percent-encoded, with a Russian
 * JSON body; anything else unparsable gets a Russian 400 (architecture §3: errors are JSON and Russian).
 */
import type { Socket } from 'node:net';

/** The answer to a header Node's parser refuses (a control character such as U+0000, a broken length). */
export const HEADER_ERROR =
  'Неверный HTTP-запрос: в заголовке недопустимый символ (например, нулевой байт) или неверная длина тела.';

/** Node's parser error as Fastify types it (`rawPacket` is a Buffer at run time). */
interface ParserError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * Percent-encodes the bytes ≥ 0x80 and spaces of a request target, leaving existing escapes as they are.
 * @param target the raw request target (path and query) as bytes
 * @returns the target in ASCII
 */
export function encodeRequestTarget(target: Buffer): string {
  let out = '';
  for (const byte of target) {
    out +=
      byte >= 0x80 || byte <= 0x20 ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
  }
  return out;
}

/** Writes a JSON answer and closes the connection; a HEAD answer carries the headers only. */
function send(socket: Socket, status: string, headers: Record<string, string>, body: object, head = false): void {
  const json = JSON.stringify(body);
  const lines = Object.entries({
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status}\r\n${lines}\r\n\r\n${head ? '' : json}`);
}

/**
 * The handler: redirect an unencoded GET/HEAD target, otherwise a Russian 400 (naming a bad header when that is
 * the fault; 431 for huge headers, 408 for a request that did not arrive in time).
 * @param err the parser error (`code` like `HPE_INVALID_URL`, `rawPacket` with the bytes read)
 * @param socket the client connection; it is closed after the answer
 */
export function clientErrorHandler(err: ParserError, socket: Socket): void {
  if (!socket.writable) return;
  if (err.code === 'ECONNRESET') return void socket.destroy();
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // Headers or body not received within HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS.
    return send(socket, '408 Request Timeout', {}, { detail: 'Запрос не пришёл целиком вовремя: соединение закрыто.' });
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return send(socket, '431 Request Header Fields Too Large', {}, { detail: 'Слишком большие заголовки запроса.' });
  }
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;
  if (err.code === 'HPE_INVALID_URL' && raw) {
    const lineEnd = raw.indexOf('\r\n');
    const line = raw.subarray(0, lineEnd === -1 ? raw.length : lineEnd);
    const m = /^(GET|HEAD) (\S+) HTTP\/1\.[01]$/.exec(line.toString('latin1'));
    if (m) {
      const target = encodeRequestTarget(Buffer.from(m[2]!, 'latin1'));
      if (target.startsWith('/')) {
        const body = {
          detail: 'В адресе есть незакодированные символы: перейдите по закодированному адресу.',
          location: target,
        };
        return send(socket, '308 Permanent Redirect', { location: target }, body, m[1] === 'HEAD');
      }
    }
  }
  if (
    /^HPE_(INVALID_HEADER_TOKEN|INVALID_CONTENT_LENGTH|INVALID_TRANSFER_ENCODING|UNEXPECTED_CONTENT_LENGTH)$/.test(
      err.code ?? '',
    )
  ) {
    // A NUL or another control character in a header, a broken Content-Length: the address is not the problem.
    return send(socket, '400 Bad Request', {}, { detail: HEADER_ERROR });
  }
  send(
    socket,
    '400 Bad Request',
    {},
    {
      detail: 'Неверный HTTP-запрос: символы вне ASCII в адресе нужно закодировать (percent-encoding).',
    },
  );
}
