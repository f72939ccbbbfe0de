/**
 * Sends one product page view: `POST /v1/public/products/{slug}/view/` with `keepalive`, so leaving
 * the page does not cancel it. Loaded by `useViewBeacon` after the page is interactive, so it stays out of the
 * product page's first scripts (the 150 KB budget). Failures are ignored: a lost view is no error for anyone.
 */
import { apiBase } from '../../shared/api/client';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';
import { statisticsAllowed } from '../cookie-notice';

/**
 * The visitor: the signed-in user's id, else a random id kept in localStorage once the visitor accepted cookies
 * (features/cookie-notice); a throwaway one without storage or consent (the view still counts, once per page).
 */
function visitorId(userId: number | undefined): string {
  if (userId) return `user-${String(userId).padStart(6, '0')}`;
  const throwaway = `anon-${Math.random().toString(36).slice(2, 14)}`;
  if (!statisticsAllowed()) return throwaway;
  try {
    let id = localStorage.getItem(STORAGE_KEYS.visitor);
    if (!id) localStorage.setItem(STORAGE_KEYS.visitor, (id = crypto.randomUUID()));
    return id;
  } catch {
    return throwaway;
  }
}

/** Posts the view of `slug`; the token (when signed in) lets the server drop the seller's own views. */
export function sendView(slug: string, userId: number | undefined, token: string | null): void {
  fetch(`${apiBase()}/v1/public/products/${encodeURIComponent(slug)}/view/`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify({ visitor_id: visitorId(userId) }),
  }).catch(() => undefined);
}
