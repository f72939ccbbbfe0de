/**
 * The behaviour of every shop link (`ShopLink`, shared/ui/shop-link.tsx) from one set of listeners on the
 * document, where React Router's `<Link>` adds it to each link:
 *
 * - **click**: a plain left click on a same-origin shop link navigates through the router (no page reload),
 *   replacing the history entry when the link leads to the page already open, as `<Link>` does. A click a
 *   handler already prevented, a modified click (Ctrl, ⌘, Alt, Shift, another button), `target="_blank"` and
 *   `download` are the browser's;
 * - **intent**: 100 ms of hover, a focus or a touch on a link with `data-shop-link="intent"` prefetches the
 *   page's route modules and loader data (React Router's `PrefetchPageLinks`, the same tags `<Link
 *   prefetch="intent">` renders). The last page prefetched stays rendered: removing the tags would not save a
 *   byte already asked for.
 *
 * Mounted once, in the root route, as a chunk of its own; it renders nothing on the server. While its
 * listeners are on, `<html>` carries `data-shop-links` (what the browser tests wait for before a click).
 */
import { useEffect, useState } from 'react';
import { PrefetchPageLinks, useNavigate } from 'react-router';

/** The links this module handles. */
export const SHOP_LINK_SELECTOR = 'a[data-shop-link]';

/** Hover time before a link's page is prefetched, ms (React Router's `<Link prefetch="intent">` waits as long). */
export const INTENT_DELAY_MS = 100;

/** The shop link an event happened in, or null. */
function shopLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(SHOP_LINK_SELECTOR) : null;
}

/** A link's path, query and hash when it leads to this origin; null otherwise. */
function inAppPath(link: HTMLAnchorElement): string | null {
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/** Whether a click is the browser's to handle (see the module's description). */
function leftToBrowser(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.altKey ||
    event.shiftKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download')
  );
}

/** The document's listeners for shop links, and the prefetch of the page last shown intent for. */
export function ShopLinkNavigation() {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const prefetchAfter = (event: Event, delay: number) => {
      const link = shopLinkOf(event.target);
      if (!link || link.dataset.shopLink !== 'intent') return;
      const path = inAppPath(link);
      if (path === null) return;
      clearTimeout(timer);
      // The page, not the fragment: the same data either way.
      timer = setTimeout(() => setIntent(path.split('#')[0]!), delay);
    };
    const onClick = (event: MouseEvent) => {
      const link = shopLinkOf(event.target);
      if (!link || leftToBrowser(event, link)) return;
      const path = inAppPath(link);
      if (path === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(path, { replace: path === here });
    };
    const onOver = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') prefetchAfter(event, INTENT_DELAY_MS);
    };
    const onOut = (event: PointerEvent) => {
      // Leaving the link (not moving between its own children) before the delay: no prefetch.
      const link = shopLinkOf(event.target);
      if (link && shopLinkOf(event.relatedTarget) !== link) clearTimeout(timer);
    };
    const onFocus = (event: FocusEvent) => prefetchAfter(event, 0);
    const onTouch = (event: TouchEvent) => prefetchAfter(event, 0);
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onOver);
    document.addEventListener('pointerout', onOut);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('touchstart', onTouch, { passive: true });
    document.documentElement.dataset.shopLinks = '';
    return () => {
      delete document.documentElement.dataset.shopLinks;
      clearTimeout(timer);
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onOver);
      document.removeEventListener('pointerout', onOut);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('touchstart', onTouch);
    };
  }, [navigate]);

  return intent ? <PrefetchPageLinks page={intent} /> : null;
}
