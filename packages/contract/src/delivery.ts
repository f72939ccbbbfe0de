/**
 * Delivery in the buying contract (spec §3, §7: delivery points; ours: `/v1/public/pickup-points/`): delivery
 * services and their tracking numbers, saved delivery points, the pickup point directory. `orders.ts` re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';

/** Delivery services: value (`delivery_service_type`) → Russian label. */
export const DELIVERY_SERVICE_TYPES = [
  { value: 'cdek', label: 'СДЭК' },
  { value: 'boxberry', label: 'Boxberry' },
  { value: 'russian_post', label: 'Почта России' },
  { value: 'yandex', label: 'Яндекс Доставка' },
  { value: '5post', label: '5Post' },
] as const;
export type DeliveryServiceType = (typeof DELIVERY_SERVICE_TYPES)[number]['value'];
export const deliveryServiceTypeSchema = z.enum(['cdek', 'boxberry', 'russian_post', 'yandex', '5post']);

/** Russian label of a delivery service value (the value itself when unknown). */
export const deliveryServiceLabel = (value: string): string =>
  DELIVERY_SERVICE_TYPES.find((s) => s.value === value)?.label ?? value;

/**
 * Each delivery service's tracking numbers (uppercase, spaces removed) and its public tracking page: the seller's
 * number is checked against the service the buyer chose at checkout, and both sides get a link.
 * - Почта России: 14 digits (inside Russia) or the international 13 characters `RA123456789RU`;
 * - СДЭК: 10 digits (the order number on its receipt);
 * - Boxberry, Яндекс Доставка, 5Post: 8–20 (Boxberry) or 8–32 Latin letters, digits and hyphens with a digit.
 */
export const TRACKING_RULES: Record<
  DeliveryServiceType,
  { pattern: RegExp; hint: string; url: (n: string) => string }
> = {
  russian_post: {
    pattern: /^(\d{14}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    hint: 'Трек-номер Почты России — 14 цифр (80082345678901) или 13 знаков вида RA123456789RU.',
    url: (n) => `https://www.pochta.ru/tracking?barcode=${encodeURIComponent(n)}`,
  },
  cdek: {
    pattern: /^\d{10}$/,
    hint: 'Трек-номер СДЭК — 10 цифр, например 1234567890.',
    url: (n) => `https://www.cdek.ru/ru/tracking/?order_id=${encodeURIComponent(n)}`,
  },
  boxberry: {
    pattern: /^(?=.*\d)[A-Z0-9]{8,20}$/,
    hint: 'Трек-номер Boxberry — от 8 до 20 латинских букв и цифр, например DBS12345678.',
    url: (n) => `https://boxberry.ru/tracking-page?id=${encodeURIComponent(n)}`,
  },
  yandex: {
    pattern: /^(?=.*\d)[A-Z0-9-]{8,32}$/,
    hint: 'Трек-номер Яндекс Доставки — от 8 до 32 латинских букв, цифр и дефисов, например LO-123456789.',
    url: (n) => `https://dostavka.yandex.ru/route/${encodeURIComponent(n)}`,
  },
  '5post': {
    pattern: /^(?=.*\d)[A-Z0-9-]{8,32}$/,
    hint: 'Трек-номер 5Post — от 8 до 32 латинских букв, цифр и дефисов.',
    url: (n) => `https://fivepost.ru/tracking/?id=${encodeURIComponent(n)}`,
  },
};

/** A tracking number as stored and compared: spaces removed, uppercase («ra 1234 5678 9ru» → «RA123456789RU»). */
export const normalizeTracking = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

const trackingRule = (service: string) =>
  (TRACKING_RULES as Record<string, (typeof TRACKING_RULES)[DeliveryServiceType] | undefined>)[service];

/**
 * What is wrong with a tracking number for the delivery service `service`, or null when it fits (a service this
 * contract does not know takes any number).
 */
export function trackingProblem(service: string, raw: string): string | null {
  const rule = trackingRule(service);
  return !rule || rule.pattern.test(normalizeTracking(raw)) ? null : rule.hint;
}

/** The carrier's public tracking page for a number, or null for a service this contract does not know. */
export const trackingUrl = (service: string, number: string): string | null =>
  trackingRule(service)?.url(number) ?? null;

/**
 * Multipart body of `POST /v1/delivery_points/` and `PUT /v1/delivery_points/{id}/` (spec §3, §7).
 * `point_id` is the pickup point's id in its service (from the directory below), `address` its address.
 */
export const deliveryPointInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(500),
  point_id: z.string().trim().min(1).max(100),
  delivery_service_type: deliveryServiceTypeSchema,
});
export type DeliveryPointInput = z.infer<typeof deliveryPointInputSchema>;

/** A saved delivery point: answer of POST (201) / PUT (200), entries of `self.info.delivery_points`. */
export const deliveryPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  point_id: z.string(),
  delivery_service_type: z.string(),
});
export type DeliveryPoint = z.infer<typeof deliveryPointSchema>;

/**
 * A pickup point of the directory: `GET /v1/public/pickup-points/?service=&city=&q=&page=&page_size=` →
 * DRF page of these (page_size ≤ 100, default 20). `lat`/`lng` WGS-84, `hours` e.g. «Пн–Вс 10:00–21:00».
 * To save one: POST /v1/delivery_points/ with `name`, `address`, `point_id`, `delivery_service_type: service`.
 */
export const pickupPointSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  service_label: z.string(),
  point_id: z.string(),
  city: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  hours: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** `GET /v1/public/pickup-points/cities/` → `[{city, count}]`, biggest first. */
export const pickupCitySchema = z.object({ city: z.string(), count: z.number().int() });
export type PickupCity = z.infer<typeof pickupCitySchema>;
