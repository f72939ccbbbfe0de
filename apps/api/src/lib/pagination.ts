/**
 * DRF-style page-number pagination (architecture §3): `?page=&page_size=` →
 * `{count, next, previous, results}`; a page past the end is a 404 «Неверная страница.».
 */
import { z } from 'zod';
import { ApiError } from './errors.js';

/** Largest `page_size`. */
export const PAGE_SIZE_MAX = 100;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(12),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Parses `page`/`page_size` leniently (bad values → 400 naming the field). */
export function parsePageQuery(query: unknown, defaultSize = 12): PageQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const r = pageQuery.safeParse({ page: q.page ?? 1, page_size: q.page_size ?? defaultSize });
  if (!r.success) {
    const field = String(r.error.issues[0]?.path[0] ?? 'page');
    const tooBig = field === 'page_size' && /^\d+$/.test(String(q.page_size).trim()) && Number(q.page_size) > 0;
    throw new ApiError(400, {
      [field]: [tooBig ? `Размер страницы — от 1 до ${PAGE_SIZE_MAX}.` : 'Введите целое положительное число.'],
    });
  }
  return r.data;
}

/** `LIMIT`/`OFFSET` for a page. */
export const pageWindow = (q: PageQuery) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size });

/**
 * Builds the DRF page answer.
 * @param url the request URL (path + query) — `next`/`previous` keep every other query parameter
 * @throws ApiError 404 when `page` is past the end (page 1 of an empty list is fine)
 */
export function makePage<T>(url: string, q: PageQuery, count: number, results: T[]): Page<T> {
  const pages = Math.max(1, Math.ceil(count / q.page_size));
  if (q.page > pages) throw new ApiError(404, { detail: 'Неверная страница.' });
  const link = (page: number) => {
    const u = new URL(url, 'http://x');
    if (page === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(page));
    return u.pathname + u.search;
  };
  return {
    count,
    next: q.page < pages ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results,
  };
}
