/**
 * Calls of the delivery domain (spec §3, §4, §7): the user's saved delivery points and the public
 * pickup-point directory. Every function returns the never-throwing `ApiResult` of the typed client
 * (shared/api/typed.ts); the points are sent as multipart, as the API reads them.
 */
import type { DeliveryPointInput, DeliveryServiceType } from '@vitrina/contract/orders';
import { apiClient } from '../../shared/api/typed';

/** The signed-in user's delivery points: `GET /v1/self/` → `info.delivery_points` (spec §3). */
export async function fetchDeliveryPoints() {
  const r = await apiClient.GET('/v1/self/');
  if (!r.ok) return r;
  return { ok: true as const, status: r.status, data: r.data.info?.delivery_points ?? [] };
}

const toForm = (input: DeliveryPointInput) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) form.append(k, String(v));
  return form;
};

/** `POST /v1/delivery_points/` (multipart name, address, point_id, delivery_service_type) → 201 the point. */
export const createDeliveryPoint = (input: DeliveryPointInput) =>
  apiClient.POST('/v1/delivery_points/', { form: toForm(input) });

/** `PUT /v1/delivery_points/{id}/` with the same multipart fields → 200 the point. */
export const updateDeliveryPoint = (id: number, input: DeliveryPointInput) =>
  apiClient.PUT('/v1/delivery_points/{id}/', { params: { path: { id } }, form: toForm(input) });

/** `DELETE /v1/delivery_points/{id}/` → 204. The caller then filters its local list (spec §4). */
export const deleteDeliveryPoint = (id: number) =>
  apiClient.DELETE('/v1/delivery_points/{id}/', { params: { path: { id } } });

/** `GET /v1/public/pickup-points/cities/` → `[{city, count}]`, biggest first. */
export const fetchPickupCities = (signal?: AbortSignal) =>
  apiClient.GET('/v1/public/pickup-points/cities/', { auth: false, signal });

/** `GET /v1/public/pickup-points/?city=&service=&q=&page_size=` → a DRF page of pickup points. */
export const fetchPickupPoints = (
  query: { city?: string; service?: DeliveryServiceType; q?: string; pageSize?: number },
  signal?: AbortSignal,
) =>
  apiClient.GET('/v1/public/pickup-points/', {
    params: {
      query: {
        ...(query.city ? { city: query.city } : {}),
        ...(query.service ? { service: query.service } : {}),
        ...(query.q ? { q: query.q } : {}),
        page_size: String(query.pageSize ?? 50),
      },
    },
    auth: false,
    signal,
  });
