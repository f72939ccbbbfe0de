/** Screen `catalog-compilation-slug` (/catalog/compilation/{slug}): a curated set with filters in the URL. */
import type { Compilation } from '@vitrina/contract/catalog';
import { Text } from '@mantine/core';
import type { Route } from './+types/catalog-compilation-slug';
import { ListingPage, LISTING_QUERY, loadListing } from '../features/catalog';
import { apiLoad } from '../shared/lib/load-context';
import { seo } from '../shared/lib/seo';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const compilation = await apiLoad<Compilation>(
    context,
    `/v1/public/compilations/${encodeURIComponent(params.slug)}/`,
  );
  // Staff's order first (a hand-picked set keeps it; a set by a saved filter lists the newest first).
  const listing = await loadListing(context, request, { compilation: compilation.slug }, { defaultSort: 'curated' });
  return { compilation, ...listing };
}

export function meta({ data, location }: Route.MetaArgs) {
  if (!data) return [{ title: 'Страница не найдена — Витрина' }];
  const { compilation } = data;
  return seo({
    title: compilation.title,
    description: compilation.description || `Подборка «${compilation.title}» на Витрине.`,
    path: location.pathname + location.search,
    query: LISTING_QUERY,
    origin: data.origin,
    image: compilation.cover?.url_large,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { compilation } = loaderData;
  return (
    <ListingPage
      data={loaderData}
      title={compilation.title}
      curated
      intro={
        compilation.description ? (
          <Text mt={8} maw={640}>
            {compilation.description}
          </Text>
        ) : undefined
      }
    />
  );
}

export { RouteError as ErrorBoundary } from '../shared/ui/route-error';
