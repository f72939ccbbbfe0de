/**
 * The loaders' `context` (React Router's `AppLoadContext`, augmented once in packages/contract/src/load-context.ts).
 * `apiFetch` calls the API in-process (no network hop) during SSR.
 */
import type { AppLoadContext } from 'react-router';
import type { PublicConfig, WebLoadContext } from '@vitrina/contract/load-context';

export type LoadContext = WebLoadContext;
export type { PublicConfig };

/**
 * GET a public API path during SSR and return its JSON (in-process through `apiRead` when the server answers that
 * path so, otherwise through `apiFetch`; the same answer either way — «cold render»).
 * @throws Response 404 when the API answers 404 (renders the route's 404 boundary), Error otherwise
 */
export async function apiLoad<T>(context: AppLoadContext, path: string): Promise<T> {
  const read = context.apiRead?.(path);
  const { status, data } = read ? await read : await fetched(context, path);
  if (status === 404) throw new Response('Страница не найдена', { status: 404 });
  if (status < 200 || status >= 300) throw new Error(`API ${path} → ${status}`);
  return data as T;
}

/** A GET through `apiFetch`: its status, and its JSON when it succeeded. */
async function fetched(ctx: LoadContext, path: string): Promise<{ status: number; data: unknown }> {
  const res = await ctx.apiFetch(path);
  return { status: res.status, data: res.ok ? await res.json() : null };
}
