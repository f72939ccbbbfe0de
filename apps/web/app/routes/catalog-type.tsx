/** Screen `catalog-type` (/catalog/{type}): listings of one catalog type with filters in the URL. */
import { data as routeData } from 'react-router';
import type { Route } from './+types/catalog-type';
import { CategoryChips, ListingPage, LISTING_QUERY, loadListing, TYPE_LABELS, typeTitle } from '../features/catalog';
import { countLabel } from '../shared/lib/plural';
import { seo } from '../shared/lib/seo';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = params.type;
  if (!(type in TYPE_LABELS)) throw routeData('Страница не найдена', { status: 404 });
  return { type, ...(await loadListing(context, request, { type })) };
}

export function meta({ data, location }: Route.MetaArgs) {
  if (!data) return [{ title: 'Страница не найдена — Витрина' }];
  const title = typeTitle(data.type);
  return seo({
    title: `${title}: одежда, обувь и аксессуары`,
    description: `${title} на Витрине: ${countLabel(data.count, ['вещь', 'вещи', 'вещей'])} от проверенных продавцов — новые и в отличном состоянии.`,
    path: location.pathname + location.search,
    query: LISTING_QUERY,
    origin: data.origin,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      data={loaderData}
      title={typeTitle(loaderData.type)}
      type={loaderData.type}
      // The chips read the reference data the page has already read (one parse of its text per render).
      intro={({ chars }) => (
        <CategoryChips chars={chars} type={loaderData.type} selected={loaderData.state.filters.category} />
      )}
    />
  );
}

export { RouteError as ErrorBoundary } from '../shared/ui/route-error';
