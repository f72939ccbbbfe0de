/** Screen `catalog-search` (/catalog/search?q=): Russian full-text search with the catalog's filters. */
import type { Route } from './+types/catalog-search';
import { ListingPage, LISTING_QUERY, loadListing } from '../features/catalog';
import { SearchPrompt } from '../features/search';
import { seo } from '../shared/lib/seo';

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, listing: null, origin: context.publicUrl };
  const listing = await loadListing(
    context,
    request,
    { q },
    { endpoint: '/v1/public/search/', defaultSort: 'relevance' },
  );
  return { q, listing, origin: listing.origin };
}

export function meta({ data, location }: Route.MetaArgs) {
  const q = data?.q ?? '';
  return seo({
    title: q ? `«${q}» — поиск` : 'Поиск',
    description: q ? `Результаты поиска «${q}» на Витрине: одежда, обувь и аксессуары.` : 'Поиск по каталогу Витрины.',
    path: location.pathname + location.search,
    query: ['q', ...LISTING_QUERY],
    origin: data?.origin,
    noindex: true,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { q, listing } = loaderData;
  if (!listing) return <SearchPrompt />;
  return <ListingPage data={listing} title={`«${q}»`} withRelevance />;
}

export { RouteError as ErrorBoundary } from '../shared/ui/route-error';
