/**
 * What every way of calling the API shares (spec §8): the answer `{ ok: true, data } | { ok: false, error }` (a call
 * never throws), the Russian message of a failure, the API's base URL, and the token (spec §6), sent as
 * `Authorization: Token <key>` when a provider is registered (features/auth does that).
 *
 * The calls themselves go through `apiClient` (./typed.ts), `typedQuery` (./query.ts) or `apiUpload` (./upload.ts),
 * whose paths and answers are typed from the server's OpenAPI document; there is no untyped `api(path)`
 * (docs/decisions/0063-typed-api-client.md).
 */

export interface ApiErrorInfo {
  /** HTTP status; 0 for a network failure. */
  status: number;
  /** Human message in Russian (the answer's `detail`, or the first field message). */
  message: string;
  /** Field errors of a 400 (`{title: ['Обязательное поле.']}`). */
  fields: Record<string, string[]>;
  /** `Retry-After` seconds of a 429. */
  retryAfter?: number;
  /** The answer's JSON as sent (for answers that carry more than a message, e.g. a 409's `pending_order`). */
  body?: unknown;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiErrorInfo };

let tokenProvider: () => string | null = () => null;
let onUnauthorized: () => void = () => undefined;

/** Registers where the token comes from and what to do on a 401 (features/auth). */
export function configureApiAuth(getToken: () => string | null, unauthorized: () => void) {
  tokenProvider = getToken;
  onUnauthorized = unauthorized;
}

/** The token the registered provider gives now, or null (the typed client, uploads with progress, the CSV export). */
export const authToken = (): string | null => tokenProvider();

/** Reports a 401 answer to a call that sent the token (the provider then signs out). */
export const reportUnauthorized = (): void => onUnauthorized();

const authListeners = new Set<() => void>();

/**
 * Subscribes to changes of the signed-in identity (sign-in, sign-out, a 401); the data layer clears its cache.
 * @returns the unsubscribe function
 */
export function onAuthChange(listener: () => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/** Tells the subscribers that the token changed (features/auth calls it). */
export function authChanged(): void {
  for (const listener of authListeners) listener();
}

/** The global the page's public-configuration script sets to `PUBLIC_API_URL` (see {@link publicConfigScript}). */
export const API_BASE_GLOBAL = '__VT_API__';

/**
 * Base URL of the API: the public configuration's `PUBLIC_API_URL` as the page set it, without a trailing
 * slash; empty (the page's own origin) by default and on the server.
 */
export const apiBase = (): string => {
  const url = typeof window === 'undefined' ? '' : (window as unknown as Record<string, unknown>)[API_BASE_GLOBAL];
  return typeof url === 'string' ? url.replace(/\/+$/, '') : '';
};

/**
 * The inline script that hands the API's base URL to the browser before any module runs (rendered with the
 * CSP nonce by the root layout). The value is JSON with `<` escaped, so no configured text can end the script.
 */
export const publicConfigScript = (apiUrl: string): string =>
  `window.${API_BASE_GLOBAL}=${JSON.stringify(apiUrl).replace(/</g, '\\u003c')};`;

/** The Russian message of a failed answer (its `detail` or first field message) and its field errors. */
export function firstMessage(body: unknown, status: number): { message: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') return { message: b.detail, fields };
    for (const [k, v] of Object.entries(b)) {
      if (Array.isArray(v)) fields[k] = v.map(String);
      else if (typeof v === 'string') fields[k] = [v];
    }
    const first = Object.values(fields)[0]?.[0];
    if (first) return { message: first, fields };
  }
  if (status === 0) return { message: 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.', fields };
  if (status >= 500) return { message: 'Сервер временно недоступен. Попробуйте ещё раз.', fields };
  return { message: 'Не удалось выполнить запрос.', fields };
}
