/**
 * Calls of the selling screens (spec §7): reference data for the form, the fee, the owner's listings and
 * statuses, and the multipart create/edit with upload progress (XMLHttpRequest, since fetch has none).
 */
import type { CategoryItem } from '@vitrina/contract/catalog';
import type { Page } from '@vitrina/contract/common';
import type { Fee, Listing, OwnerListing, ProductStatus } from '@vitrina/contract/products';
import { api, type ApiResult } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';

export interface Chars {
  brands: { id: number; name: string }[];
  categories: { id: number; name: string; type: string; parent: number | null }[];
  conditions: { value: string; label: string }[];
  colors: { value: string; label: string; hex: string }[];
  types: { value: string; label: string }[];
}

export const fetchChars = () => api<{ data: Chars }>('/v1/product/chars/', { auth: false });
export const fetchCategories = (type: string) =>
  api<CategoryItem[]>(`/v1/public/categories/${encodeURIComponent(type)}/`, { auth: false });
export const fetchSizes = (category: number) =>
  api<{ id: number; value: string; label: string }[]>(`/v1/public/sizes/${category}/`, { auth: false });
export const fetchFee = () => api<Fee>('/v1/fee/');
export const fetchListing = (id: number) => api<Listing>(`/v1/products/${id}/`);
export const fetchStatuses = () => api<ProductStatus[]>('/v1/product_statuses/');
export const fetchOwnerPage = (status: string, page: number, signal?: AbortSignal) =>
  api<Page<OwnerListing>>(`/v1/product_owner/?status=${encodeURIComponent(status)}&page_size=12&page=${page}`, {
    signal,
  });
export const makeDraft = (id: number) => api<Listing>(`/v1/products/${id}/make_draft/`, { method: 'POST' });
export const deleteListing = (id: number) => api<null>(`/v1/products/${id}/`, { method: 'DELETE' });

/** Publishes a draft (`PATCH status=active`). */
export function publishListing(id: number) {
  const form = new FormData();
  form.set('status', 'active');
  return api<Listing>(`/v1/products/${id}/`, { method: 'PATCH', form });
}

/**
 * Sends the sell form (`POST /v1/products/` or `PATCH /v1/products/{id}/`) and reports upload progress.
 * Never throws (spec §8).
 * @param onProgress 0…1 of the request body sent
 */
export function sendListing(
  form: FormData,
  opts: { id?: number; onProgress?: (part: number) => void },
): Promise<ApiResult<Listing>> {
  return apiUpload<Listing>(opts.id ? 'PATCH' : 'POST', `/v1/products/${opts.id ? `${opts.id}/` : ''}`, form, {
    onProgress: opts.onProgress,
    fallback: (status) =>
      status === 413
        ? 'Файл больше 15 МБ.'
        : status >= 500
          ? 'Сервер временно недоступен. Попробуйте ещё раз.'
          : 'Не удалось сохранить товар.',
  });
}
