/**
 * Staff calls of the back office (`/v1/admin/…`): the reports queue, listings, accounts, brands and the audit log. Every
 * function returns the never-throwing `ApiResult`.
 */
import type { AuditEntry, ReportCase } from '@vitrina/contract/admin';
import type {
  AdminBrand,
  BrandCreateBody,
  BrandMerged,
  BrandMergeBody,
  FreeBrand,
} from '@vitrina/contract/admin-brands';
import type { BrandListItem } from '@vitrina/contract/catalog';
import type { AdminProduct, AdminUser, AdminUserDetail, UserBlockState } from '@vitrina/contract/admin-users';
import type { Page } from '@vitrina/contract/common';
import { api } from '../../shared/api/client';

/** Page size of every staff table. */
export const ADMIN_PAGE_SIZE = 20;

const qs = (params: Record<string, string | number | undefined>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') u.set(k, String(v));
  return u.toString();
};

/** `GET /v1/admin/reports/` — the queue, most reported first. */
export const fetchReports = (page: number, signal?: AbortSignal) =>
  api<Page<ReportCase>>(`/v1/admin/reports/?${qs({ page, page_size: ADMIN_PAGE_SIZE })}`, { signal });
/** `POST /v1/admin/reports/{id}/dismiss/`. */
export const dismissReport = (id: number, reason: string) =>
  api(`/v1/admin/reports/${id}/dismiss/`, { method: 'POST', json: { reason } });

/** `GET /v1/admin/products/?q=&status=`. */
export const fetchProducts = (f: { q: string; status: string; page: number }, signal?: AbortSignal) =>
  api<Page<AdminProduct>>(`/v1/admin/products/?${qs({ ...f, page_size: ADMIN_PAGE_SIZE })}`, { signal });
/** `POST /v1/admin/products/{id}/block|unblock/` and `…/authenticity/approve|decline/`. */
export const productAction = (
  id: number,
  action: 'block' | 'unblock' | 'authenticity/approve' | 'authenticity/decline',
  reason: string,
) => api(`/v1/admin/products/${id}/${action}/`, { method: 'POST', json: { reason } });

/** `GET /v1/admin/users/?q=`. */
export const fetchUsers = (f: { q: string; page: number }, signal?: AbortSignal) =>
  api<Page<AdminUser>>(`/v1/admin/users/?${qs({ ...f, page_size: ADMIN_PAGE_SIZE })}`, { signal });
/** `GET /v1/admin/users/{id}/`. */
export const fetchUser = (id: number, signal?: AbortSignal) =>
  api<AdminUserDetail>(`/v1/admin/users/${id}/`, { signal });
/** `POST /v1/admin/users/{id}/block|unblock/`. */
export const userAction = (id: number, action: 'block' | 'unblock', reason: string) =>
  api<UserBlockState>(`/v1/admin/users/${id}/${action}/`, { method: 'POST', json: { reason } });

/** `GET /v1/admin/audit/?staff=&action=&object_type=&object_id=`. */
export const fetchAudit = (f: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  api<Page<AuditEntry>>(`/v1/admin/audit/?${qs({ ...f, page_size: ADMIN_PAGE_SIZE })}`, { signal });

/** `GET /v1/admin/brands/free/?q=` — the brands sellers typed themselves, most used first. */
export const fetchFreeBrands = (f: { q: string; page: number }, signal?: AbortSignal) =>
  api<Page<FreeBrand>>(`/v1/admin/brands/free/?${qs({ ...f, page_size: ADMIN_PAGE_SIZE })}`, { signal });
/** `GET /v1/public/brands/` — the reference list A–Z (the merge's picker). */
export const fetchBrandList = (signal?: AbortSignal) =>
  api<{ results: BrandListItem[] }>('/v1/public/brands/', { signal });
/** `GET /v1/public/search/brands/?q=` — listed brands a typed name may mean, best first. */
export const fetchBrandMatches = (q: string, signal?: AbortSignal) =>
  api<{ results: { id: number; name: string; slug: string }[] }>(
    `/v1/public/search/brands/?q=${encodeURIComponent(q)}`,
    { signal },
  );
/** `POST /v1/admin/brands/merge/`. */
export const mergeBrand = (body: BrandMergeBody) =>
  api<BrandMerged>('/v1/admin/brands/merge/', { method: 'POST', json: body });
/** `POST /v1/admin/brands/`. */
export const createBrand = (body: BrandCreateBody) =>
  api<AdminBrand>('/v1/admin/brands/', { method: 'POST', json: body });
