/**
 * The client-side data layer: one TanStack Query cache for everything the browser loads after the page
 * (account screens, checkout, the payment result, pickup points…) — caching, deduplication of equal
 * requests, retries of failed GETs (never of a 4xx) and invalidation after a change.
 *
 * Why TanStack Query and not React Router's `clientLoader`: the next features — favorites hearts on every
 * product card, notifications, seller statistics — need ONE cache shared by many components on many
 * routes, with invalidation after a change (a heart toggled on a card updates the favorites page and every
 * other card); a `clientLoader`'s data belongs to one route and is reloaded per navigation.
 *
 * There is no `<QueryClientProvider>` in the root: the module-level `queryClient` is passed as the second
 * argument of `useQuery`/`useMutation` (supported by v5), so react-query is downloaded only with the
 * components that use it and the public pages keep their JavaScript budget (150 KB gzip).
 *
 * The API client never throws (spec §8) and answers `{ ok, data | error }`; query functions `unwrap` it
 * into a thrown {@link ApiError} carrying the `ApiErrorInfo`, which is what TanStack expects.
 */
import { QueryClient } from '@tanstack/react-query';
import type { MaybeOptionalInit } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { authToken, onAuthChange, type ApiErrorInfo, type ApiResult } from './client';
import type { paths } from './schema';
import { apiClient, type Data, type InitParam } from './typed';

/** A failed API call as a thrown error (for TanStack Query); `info` is the client's `ApiErrorInfo`. */
export class ApiError extends Error {
  readonly info: ApiErrorInfo;
  constructor(info: ApiErrorInfo) {
    super(info.message);
    this.name = 'ApiError';
    this.info = info;
  }
}

/**
 * The data of a successful call.
 * @throws ApiError when the call failed
 */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiError(result.error);
}

/**
 * A query function for `GET path` through the typed client: the path, its `params` (path and query) and the answer's
 * type come from the server's OpenAPI document, as with `apiClient.GET`; the query's abort signal is passed on.
 * @param init `{ params: { path, query }, auth: false }` (`auth: false` skips the token: public calls)
 * @throws ApiError (to TanStack Query) when the call failed
 * @example queryFn: typedQuery('/v1/public/search/suggest/', { params: { query: { q } }, auth: false })
 */
export function typedQuery<
  Path extends PathsWithMethod<paths, 'get'>,
  Init extends MaybeOptionalInit<paths[Path], 'get'>,
>(path: Path, ...init: InitParam<Init>) {
  // The signature above checks the path and its parameters; apiClient's own generics cannot follow them here.
  const get = apiClient.GET as (path: Path, init: object) => Promise<ApiResult<Data<paths[Path]['get'], Init>>>;
  return async ({ signal }: { signal?: AbortSignal }) => unwrap(await get(path, { ...init[0], signal }));
}

/** The `ApiErrorInfo` of an error thrown by a query or mutation, or null for anything else (or no error). */
export const errorInfo = (error: unknown): ApiErrorInfo | null => (error instanceof ApiError ? error.info : null);

/** The Russian message of a query's or mutation's error (`fallback` when it is not an API error). */
export const errorMessage = (error: unknown, fallback = 'Не удалось выполнить запрос.'): string =>
  errorInfo(error)?.message ?? fallback;

/**
 * Whether a failed query is tried again: up to 2 more times for a network failure or a 5xx, never for a 4xx
 * (a 400/401/403/404/429 answers the same the next time).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorInfo(error)?.status ?? 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 2;
}

/**
 * The browser's one query client. On the server nothing is fetched (account data loads in the browser), and
 * entries the render creates are dropped at once (`gcTime: 0`), so requests never share or keep data.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The cache holds the signed-in user's data: without a token a query waits instead of asking (and being
      // refused with a 401 the moment the user signs out). A public query passes its own `enabled`.
      enabled: () => authToken() !== null,
      retry: shouldRetry,
      // Data is stale at once (a screen shows what it has and refetches on mount, as before the cache); a
      // refocused tab does not refetch.
      refetchOnWindowFocus: false,
      gcTime: import.meta.env.SSR ? 0 : 5 * 60_000,
    },
    mutations: { retry: false },
  },
});

/**
 * Options of a query whose answer carries private photos (chat, claim, proof): their links are signed and work about
 * an hour (API decision 0150), so the answer is read again when the tab comes back into focus and every 30 minutes
 * while it is on screen — a page left open keeps working photos. Links given within the same ten minutes are the
 * same, so a refetch does not reload the pictures.
 */
export const privatePhotoRefresh = { refetchOnWindowFocus: true, refetchInterval: 30 * 60_000 } as const;

// Another person's (or nobody's) data must not outlive a sign-in, a sign-out or a lost token: every query
// forgets its data, and the ones on screen load again (signed out, only the public ones do).
onAuthChange(() => void queryClient.resetQueries());
