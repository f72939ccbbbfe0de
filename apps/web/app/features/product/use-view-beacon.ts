/**
 * Counts this product page view (issue 14): one small uncached `POST /v1/public/products/{slug}/view/` per page
 * view, sent once the sign-in state is known, with `keepalive` so leaving the page does not cancel it. The
 * visitor is the signed-in user's id, else a random id kept in localStorage; the server keeps one view per
 * visitor per listing per Moscow day and drops bots and the seller's own views (the token is sent). Failures
 * are ignored: a lost view is no error for the visitor.
 */
import { useEffect, useRef } from 'react';
import { apiBase } from '../../shared/api/client';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';

function visitorId(userId: number | undefined): string {
  if (userId) return `user-${String(userId).padStart(6, '0')}`;
  try {
    let id = localStorage.getItem(STORAGE_KEYS.visitor);
    if (!id) localStorage.setItem(STORAGE_KEYS.visitor, (id = crypto.randomUUID()));
    return id;
  } catch {
    return `anon-${Math.random().toString(36).slice(2, 14)}`;
  }
}

/** Sends the view of `slug` once per page view (not for drafts). */
export function useViewBeacon(
  slug: string,
  draft: boolean,
  auth: { ready: boolean; userId?: number; token: string | null },
) {
  const sent = useRef('');
  const { ready, userId, token } = auth;
  useEffect(() => {
    if (!ready || draft || sent.current === slug) return;
    sent.current = slug;
    fetch(`${apiBase()}/v1/public/products/${encodeURIComponent(slug)}/view/`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify({ visitor_id: visitorId(userId) }),
    }).catch(() => undefined);
  }, [slug, draft, ready, userId, token]);
}
