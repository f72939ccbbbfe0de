/**
 * The cookie notice (spec §1). Rendered in the browser only, once it is idle after hydration, so visitors who
 * accepted never see it flash and it never competes with the page's first paint (nor becomes its largest
 * paint); the card itself (cookie-notice-card.tsx) is downloaded only for those who have not.
 */
import { LazyPart, lazyWithReload, useIdle } from '../../shared/lib/lazy';
import { useCookieConsent } from './store';

const CookieNoticeCard = lazyWithReload(() => import('./cookie-notice-card'));

export function CookieNotice() {
  const mounted = useIdle();
  const accepted = useCookieConsent((s) => s.accepted);
  if (!mounted || accepted) return null;
  return (
    <LazyPart fallback={null}>
      <CookieNoticeCard />
    </LazyPart>
  );
}
