/**
 * Default layout (spec §2): header (with the catalog menu loaded once), page, footer, cookie notice; the
 * favorites heart on every listing card of the page.
 */
import { memo } from 'react';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buildMenu, type CatalogMenuData } from '../features/catalog';
import { CookieNotice } from '../features/cookie-notice';
import { FavoriteHeart, FavoritesFirstPaint } from '../features/favorites';
import { CardActionContext } from '../shared/ui/card-action';
import { NavigationProgress } from '../shared/ui/navigation-progress';
import { jsonReader, toJsonText } from '../shared/lib/json-text';
import { apiLoad } from '../shared/lib/load-context';
import { Header } from './header';
import { LazyPart, lazyWithReload, preloadWhenIdle } from '../shared/lib/lazy';
import { HydrateWhenVisible } from '../shared/lib/hydrate-when-visible';

interface CharsCategories {
  data: { categories: { id: number; name: string; type: string; parent: number | null }[] };
}

export async function loader({ context }: LoaderFunctionArgs) {
  const chars = await apiLoad<CharsCategories>(context, '/v1/product/chars/').catch(() => null);
  // Sent as JSON text (shared/lib/json-text.ts).
  return { menu: toJsonText(buildMenu(chars?.data.categories ?? []), context) };
}

const readMenu = jsonReader<CatalogMenuData>(2);

/** The menu does not change between pages: load it once. */
export function shouldRevalidate() {
  return false;
}

/**
 * The footer is below the fold: in the server's HTML at once, its code a chunk of its own (shared/lib/lazy.tsx), so
 * it is not in every page's start-up JavaScript, and hydrated when it comes near the viewport (decision 0160); in
 * `memo` without props, so the layout's renders leave it waiting (shared/lib/hydrate-when-visible.tsx).
 */
const Footer = lazyWithReload(() => import('./footer'));
// Its code loads when the browser is idle, so a press or focus in it hydrates it at once (not a chunk later).
preloadWhenIdle(Footer);
const LazyFooter = memo(function LazyFooter() {
  return (
    <HydrateWhenVisible>
      <LazyPart>
        <Footer />
      </LazyPart>
    </HydrateWhenVisible>
  );
});

/** The header re-renders in the browser only when the menu changes (it reads the location itself). */
const MemoHeader = memo(Header);

export default function DefaultLayout() {
  const menu = readMenu(useLoaderData<typeof loader>().menu);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavigationProgress />
      <MemoHeader menu={menu} />
      {/* Before the content: a signed-in user's hearts are filled on the first paint. */}
      <FavoritesFirstPaint />
      <main id="main" style={{ flex: 1 }}>
        {/* Every listing card gets the favorites heart. */}
        <CardActionContext value={FavoriteHeart}>
          <Outlet />
        </CardActionContext>
      </main>
      <LazyFooter />
      <CookieNotice />
    </div>
  );
}
