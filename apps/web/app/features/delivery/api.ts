/**
 * Calls of the delivery domain (spec §3, §4, §7): the user's saved delivery points and the public
 * pickup-point directory. Every function returns the never-throwing `ApiResult` of the shared client.
 */
import type { Page } from '@vitrina/contract/common';
import type { DeliveryPoint, DeliveryPointInput, PickupCity, PickupPoint } from '@vitrina/contract/orders';
import { api, type ApiResult } from '../../shared/api/client';

/** The signed-in user's delivery points: `GET /v1/self/` → `info.delivery_points` (spec §3). */
export async function fetchDeliveryPoints(): Promise<ApiResult<DeliveryPoint[]>> {
  const r = await api<{ success: boolean; info: { delivery_points?: DeliveryPoint[] } }>('/v1/self/');
  if (!r.ok) return r;
  return { ok: true, status: r.status, data: r.data.info?.delivery_points ?? [] };
}

const toForm = (input: DeliveryPointInput) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) form.append(k, String(v));
  return form;
};

/** `POST /v1/delivery_points/` (multipart name, address, point_id, delivery_service_type) → 201 the point. */
export const createDeliveryPoint = (input: DeliveryPointInput) =>
  api<DeliveryPoint>('/v1/delivery_points/', { method: 'POST', form: toForm(input) });

/** `PUT /v1/delivery_points/{id}/` with the same multipart fields → 200 the point. */
export const updateDeliveryPoint = (id: number, input: DeliveryPointInput) =>
  api<DeliveryPoint>(`/v1/delivery_points/${id}/`, { method: 'PUT', form: toForm(input) });

/** `DELETE /v1/delivery_points/{id}/` → 204. The caller then filters its local list (spec §4). */
export const deleteDeliveryPoint = (id: number) => api<null>(`/v1/delivery_points/${id}/`, { method: 'DELETE' });

/** `GET /v1/public/pickup-points/cities/` → `[{city, count}]`, biggest first. */
export const fetchPickupCities = (signal?: AbortSignal) =>
  api<PickupCity[]>('/v1/public/pickup-points/cities/', { auth: false, signal });

/** `GET /v1/public/pickup-points/?city=&service=&q=&page_size=` → a DRF page of pickup points. */
export function fetchPickupPoints(
  query: { city?: string; service?: string; q?: string; pageSize?: number },
  signal?: AbortSignal,
) {
  const p = new URLSearchParams();
  if (query.city) p.set('city', query.city);
  if (query.service) p.set('service', query.service);
  if (query.q) p.set('q', query.q);
  p.set('page_size', String(query.pageSize ?? 50));
  return api<Page<PickupPoint>>(`/v1/public/pickup-points/?${p}`, { auth: false, signal });
}
