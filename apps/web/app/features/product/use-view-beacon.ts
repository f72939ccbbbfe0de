/**
 * Counts this product page view: once the sign-in state is known, one small uncached
 * `POST /v1/public/products/{slug}/view/` per page view (`view-send.ts`, loaded on demand). The server keeps one
 * view per visitor per listing per Moscow day and drops bots and the seller's own views.
 */
import { useEffect, useRef } from 'react';

/**
 * Sends the view of `slug` once per page view.
 * @param skip nothing is sent (a draft, the seller's own listing)
 */
export function useViewBeacon(
  slug: string,
  skip: boolean,
  auth: { ready: boolean; userId?: number; token: string | null },
) {
  const sent = useRef('');
  const { ready, userId, token } = auth;
  useEffect(() => {
    if (!ready || skip || sent.current === slug) return;
    sent.current = slug;
    import('./view-send').then(
      (m) => m.sendView(slug, userId, token),
      () => undefined,
    );
  }, [slug, skip, ready, userId, token]);
}
