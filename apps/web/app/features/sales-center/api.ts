/**
 * Calls of the sales center (spec §7, contract `packages/contract/src/sales.ts`): statistics of a period,
 * the balance, the service level (typed from the server's OpenAPI document, shared/api/typed.ts), and the CSV
 * export of a period (a file, fetched as a blob). Never throw (spec §8).
 */
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { apiBase, authToken, reportUnauthorized, type ApiResult } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema';
import { apiClient } from '../../shared/api/typed';

/** `GET /v1/sales/statistics/?{query}` — `query` from `periodQuery()` (`period`, `date_from`, `date_to`). */
export const fetchStatistics = (query: string, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/statistics/', {
    params: { query: Object.fromEntries(new URLSearchParams(query)) },
    signal,
  });
/** `GET /v1/sales/balance/` — ₽ awaiting completion, available, paid out, fees. */
export const fetchBalance = (signal?: AbortSignal) => apiClient.GET('/v1/sales/balance/', { signal });
/** `GET /v1/sales/service-level/` — 0–100 over 30 days, with its one-line explanation. */
export const fetchServiceLevel = (signal?: AbortSignal) => apiClient.GET('/v1/sales/service-level/', { signal });

/** The export's route, checked against the server's OpenAPI document (a renamed route fails the type check). */
const EXPORT = '/v1/sales/statistics/export/' satisfies PathsWithMethod<paths, 'get'>;

/** The export's path for a period (`query` from `periodQuery()`). */
export const exportPath = (query: string) => `${EXPORT}?${query}`;

/**
 * Downloads the CSV of a period (`GET /v1/sales/statistics/export/`). The token travels in a header, so a
 * plain link cannot carry it: the file is fetched and handed to the browser as a blob under `filename`.
 * @returns ok, or the Russian error of the answer
 */
export async function downloadExport(query: string, filename: string): Promise<ApiResult<null>> {
  const token = authToken();
  let res: Response;
  try {
    res = await fetch(apiBase() + exportPath(query), {
      headers: token ? { authorization: `Token ${token}` } : {},
    });
  } catch {
    const message = 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.';
    return { ok: false, error: { status: 0, message, fields: {} } };
  }
  if (!res.ok) {
    if (res.status === 401 && token) reportUnauthorized();
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    const message = typeof body?.detail === 'string' ? body.detail : 'Не удалось скачать файл. Попробуйте ещё раз.';
    return { ok: false, error: { status: res.status, message, fields: {} } };
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, data: null, status: res.status };
}
