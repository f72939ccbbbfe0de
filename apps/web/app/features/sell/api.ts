/**
 * Calls of the selling screens (spec §7): reference data for the form, the fee, the owner's listings and
 * statuses — typed from the server's OpenAPI document (shared/api/typed.ts) — and the multipart create/edit with
 * upload progress (XMLHttpRequest, since fetch has none; docs/decisions/0063-typed-api-client.md).
 */
import { apiClient } from '../../shared/api/typed';
import { apiUpload } from '../../shared/api/upload';

/** `GET /v1/product/chars/` → `{data: {brands, categories, conditions, colors, types}}` (public). */
export const fetchChars = () => apiClient.GET('/v1/product/chars/', { auth: false });
/** `GET /v1/public/categories/{type}/` → the categories of a section, as a tree (public). */
export const fetchCategories = (type: string) =>
  apiClient.GET('/v1/public/categories/{type}/', { params: { path: { type } }, auth: false });
/** `GET /v1/public/sizes/{category}/` → the size grid of a category (public). */
export const fetchSizes = (category: number) =>
  apiClient.GET('/v1/public/sizes/{category}/', { params: { path: { category: String(category) } }, auth: false });
/** `GET /v1/fee/` → the marketplace's fee (percent, minimum in kopecks). */
export const fetchFee = () => apiClient.GET('/v1/fee/');
/** `GET /v1/products/{id}/` → the owner's listing for the edit form. */
export const fetchListing = (id: number) => apiClient.GET('/v1/products/{id}/', { params: { path: { id } } });
/** `GET /v1/product_statuses/` → the owner's listing counts by status. */
export const fetchStatuses = () => apiClient.GET('/v1/product_statuses/');
/** `GET /v1/product_owner/?status=` → a page of 12 of the owner's listings in a status. */
export const fetchOwnerPage = (status: string, page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/product_owner/', { params: { query: { status, page: String(page), page_size: '12' } }, signal });
/** `POST /v1/products/{id}/make_draft/` → the listing, back to a draft. */
export const makeDraft = (id: number) => apiClient.POST('/v1/products/{id}/make_draft/', { params: { path: { id } } });
/** `DELETE /v1/products/{id}/` → 204. */
export const deleteListing = (id: number) => apiClient.DELETE('/v1/products/{id}/', { params: { path: { id } } });
/** `GET /v1/public/search/brands/?q=` → the listed brands a typed name may mean (public). */
export const matchBrands = (q: string) =>
  apiClient.GET('/v1/public/search/brands/', { params: { query: { q } }, auth: false });

/** Publishes a draft (`PATCH /v1/products/{id}/`, multipart `status=active`). */
export function publishListing(id: number) {
  const form = new FormData();
  form.set('status', 'active');
  return apiClient.PATCH('/v1/products/{id}/', { params: { path: { id } }, form });
}

/**
 * Sends the sell form (`POST /v1/products/` or `PATCH /v1/products/{id}/`) and reports upload progress.
 * Never throws (spec §8).
 * @param onProgress 0…1 of the request body sent
 */
export function sendListing(form: FormData, opts: { id?: number; onProgress?: (part: number) => void }) {
  const options = {
    onProgress: opts.onProgress,
    fallback: (status: number) =>
      status === 413
        ? 'Файл больше 15 МБ.'
        : status >= 500
          ? 'Сервер временно недоступен. Попробуйте ещё раз.'
          : 'Не удалось сохранить товар.',
  };
  return opts.id
    ? apiUpload('PATCH', '/v1/products/{id}/', form, { ...options, path: { id: opts.id } })
    : apiUpload('POST', '/v1/products/', form, options);
}
