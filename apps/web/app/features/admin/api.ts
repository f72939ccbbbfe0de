/**
 * Staff calls of the back office (`/v1/admin/…`): the reports queue, listings, accounts, brands and the audit log. Every
 * function returns the never-throwing `ApiResult`, typed from the server's OpenAPI document (shared/api/typed.ts).
 */
import { apiClient } from '../../shared/api/typed';
import type { paths } from '../../shared/api/schema';
import type { BrandCreateBody, BrandMergeBody } from '@vitrina/contract/admin-brands';

/** Page size of every staff table. */
export const ADMIN_PAGE_SIZE = 20;

/** A query of the table's filters as the API reads it: strings, the empty ones left out. */
const query = (params: Record<string, string | number | undefined>): Record<string, string> => {
  const out: Record<string, string> = { page_size: String(ADMIN_PAGE_SIZE) };
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
};

/** The statuses the listings table filters by (the route's `status`; another value is the API's Russian 400). */
type ProductStatusFilter = NonNullable<paths['/v1/admin/products/']['get']['parameters']['query']>['status'];

/** `GET /v1/admin/reports/` — the queue, most reported first. */
export const fetchReports = (page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/reports/', { params: { query: query({ page }) }, signal });
/** `POST /v1/admin/reports/{id}/dismiss/`. */
export const dismissReport = (id: number, reason: string) =>
  apiClient.POST('/v1/admin/reports/{id}/dismiss/', { params: { path: { id } }, body: { reason } });

/** `GET /v1/admin/products/?q=&status=`. */
export const fetchProducts = (f: { q: string; status: string; page: number }, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/products/', {
    params: { query: { ...query({ q: f.q, page: f.page }), status: (f.status || undefined) as ProductStatusFilter } },
    signal,
  });
/** `POST /v1/admin/products/{id}/block|unblock/` and `…/authenticity/approve|decline/`. */
export const productAction = (
  id: number,
  action: 'block' | 'unblock' | 'authenticity/approve' | 'authenticity/decline',
  reason: string,
) => {
  const init = { params: { path: { id } }, body: { reason } };
  switch (action) {
    case 'block':
      return apiClient.POST('/v1/admin/products/{id}/block/', init);
    case 'unblock':
      return apiClient.POST('/v1/admin/products/{id}/unblock/', init);
    case 'authenticity/approve':
      return apiClient.POST('/v1/admin/products/{id}/authenticity/approve/', init);
    case 'authenticity/decline':
      return apiClient.POST('/v1/admin/products/{id}/authenticity/decline/', init);
  }
};

/** `GET /v1/admin/users/?q=`. */
export const fetchUsers = (f: { q: string; page: number }, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/users/', { params: { query: query(f) }, signal });
/** `GET /v1/admin/users/{id}/`. */
export const fetchUser = (id: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/users/{id}/', { params: { path: { id } }, signal });
/** `POST /v1/admin/users/{id}/block|unblock/`. */
export const userAction = (id: number, action: 'block' | 'unblock', reason: string) => {
  const init = { params: { path: { id } }, body: { reason } };
  return action === 'block'
    ? apiClient.POST('/v1/admin/users/{id}/block/', init)
    : apiClient.POST('/v1/admin/users/{id}/unblock/', init);
};

/** `GET /v1/admin/audit/?staff=&action=&object_type=&object_id=`. */
export const fetchAudit = (f: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/audit/', { params: { query: query(f) }, signal });

/** `GET /v1/admin/brands/free/?q=` — the brands sellers typed themselves, most used first. */
export const fetchFreeBrands = (f: { q: string; page: number }, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/brands/free/', { params: { query: query(f) }, signal });
/** `GET /v1/public/brands/` — the reference list A–Z (the merge's picker). */
export const fetchBrandList = (signal?: AbortSignal) => apiClient.GET('/v1/public/brands/', { signal });
/** `GET /v1/public/search/brands/?q=` — listed brands a typed name may mean, best first. */
export const fetchBrandMatches = (q: string, signal?: AbortSignal) =>
  apiClient.GET('/v1/public/search/brands/', { params: { query: { q } }, signal });
/** `POST /v1/admin/brands/merge/`. */
export const mergeBrand = (body: BrandMergeBody) => apiClient.POST('/v1/admin/brands/merge/', { body });
/** `POST /v1/admin/brands/`. */
export const createBrand = (body: BrandCreateBody) => apiClient.POST('/v1/admin/brands/', { body });
