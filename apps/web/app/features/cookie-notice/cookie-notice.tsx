/**
 * The cookie notice (spec §1). Rendered in the browser only (after mount), so visitors who accepted never
 * see it flash; the card itself (cookie-notice-card.tsx) is downloaded only for those who have not.
 */
import { useMounted } from '@mantine/hooks';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { useCookieConsent } from './store';

const CookieNoticeCard = lazyWithReload(() => import('./cookie-notice-card'));

export function CookieNotice() {
  const mounted = useMounted();
  const accepted = useCookieConsent((s) => s.accepted);
  if (!mounted || accepted) return null;
  return (
    <LazyPart fallback={null}>
      <CookieNoticeCard />
    </LazyPart>
  );
}
