/**
 * A link to a page of the shop that costs what an `<a>` costs.
 *
 * React Router's `<Link>` runs five hooks per link on the server and again at hydration (`useHref`,
 * `useResolvedPath`, `useLocation`, `usePrefetchBehavior`, `useLinkClickHandler`): about 4.5 % of a cold page's
 * Node CPU on pages with 30–60 links (cards, menu, footer). A shop link renders only the anchor; one listener on
 * the document ({@link ShopLinkNavigation}, shared/lib/shop-link-navigation.tsx) does what `<Link>` does
 * per link: a plain left click navigates in the app, an intent (hover 100 ms, focus, touch) prefetches the page's
 * code and data. Modified clicks (Ctrl, ⌘, Shift, middle button), `target` and `download` are left to the browser.
 *
 * For a path known as a string (absolute, with its query). Relative links, `state`, `replace` and
 * `preventScrollReset` stay React Router's `<Link>`.
 */
import type { AnchorHTMLAttributes, Ref } from 'react';

export interface ShopLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The page: an absolute path with its query, as in `<Link to>` (`/product/x?size=42`). */
  to: string;
  /** `intent` (default): the page's code and data are fetched on hover, focus or touch; `none`: never. */
  prefetch?: 'intent' | 'none';
  ref?: Ref<HTMLAnchorElement>;
}

/** An `<a>` the document's listener navigates through the router (see the module's description). */
export function ShopLink({ to, prefetch = 'intent', ...rest }: ShopLinkProps) {
  // `data-shop-link` is what the document's listener looks for (SHOP_LINK_SELECTOR). No `data-discover`: every
  // route is known from the start (docs/decisions/0185-route-manifest-at-start.md).
  return <a href={to} data-shop-link={prefetch} {...rest} />;
}
