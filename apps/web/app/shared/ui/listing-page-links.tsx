/**
 * A listing's page links («‹ 1 2 3 … 13 ›») under the grid — the catalog's and a seller's — hydrated on sight
 * (decisions 0131 and 0160): on a phone they are 24 cards below the top, so neither their chunk nor their hydration is paid for at the page's start. Until
 * then they are the server's anchors, which navigate through the document's shop-link listener
 * (shared/lib/shop-link-navigation.tsx). The chunk loads when the browser is idle, so a listing rendered in the
 * browser (a navigation) shows them without waiting.
 */
import { memo } from 'react';
import { HydrateWhenVisible } from '../lib/hydrate-when-visible';
import { LazyPart, lazyWithReload, preloadWhenIdle } from '../lib/lazy';

const PageLinks = lazyWithReload(() => import('./page-links'));
preloadWhenIdle(PageLinks);

export interface ListingPageLinksProps {
  /** The current page (1-based). */
  page: number;
  totalPages: number;
  /**
   * The listing's path and query (`location.pathname`, `location.search`): page `n` is the same with `page=n`, and
   * page 1 without `page`.
   */
  pathname: string;
  search: string;
}

/**
 * Page links of a listing. Its props are strings and numbers, so a render of the page with the same URL leaves it
 * waiting (shared/lib/hydrate-when-visible.tsx).
 */
export const ListingPageLinks = memo(function ListingPageLinks({
  page,
  totalPages,
  pathname,
  search,
}: ListingPageLinksProps) {
  const link = (n: number) => {
    const query = new URLSearchParams(search);
    if (n > 1) query.set('page', String(n));
    else query.delete('page');
    const text = query.toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  return (
    <HydrateWhenVisible>
      <LazyPart>
        <PageLinks page={page} totalPages={totalPages} link={link} />
      </LazyPart>
    </HydrateWhenVisible>
  );
});
