/** Screen `catalog-brand-slug` (/catalog/brand/{slug}): one brand's listings with filters in the URL. */
import type { BrandDetail } from '@vitrina/contract/catalog';
import { Text } from '@mantine/core';
import type { Route } from './+types/catalog-brand-slug';
import { brandDescription, ListingPage, LISTING_QUERY, loadListing } from '../features/catalog';
import { apiLoad } from '../shared/lib/load-context';
import { seo } from '../shared/lib/seo';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const brand = await apiLoad<BrandDetail>(context, `/v1/public/brands/${encodeURIComponent(params.slug)}/`);
  return { brand, ...(await loadListing(context, request, { brand: brand.slug })) };
}

export function meta({ data, location }: Route.MetaArgs) {
  if (!data) return [{ title: 'Страница не найдена — Витрина' }];
  const { brand } = data;
  return seo({
    title: `${brand.name} — купить вещи ${brand.name} (${brand.name_ru})`,
    // From the brand's summary of its listings, not its short reference text («США, с 1964 года.»).
    description: brandDescription(brand),
    path: location.pathname + location.search,
    query: LISTING_QUERY,
    origin: data.origin,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { brand } = loaderData;
  return (
    <ListingPage
      data={loaderData}
      title={brand.name}
      hide={{ brand: true }}
      intro={
        <>
          {brand.name_ru && brand.name_ru.toLowerCase() !== brand.name.toLowerCase() && (
            <Text c="dimmed" fz="sm">
              {brand.name_ru}
            </Text>
          )}
          {brand.description && (
            <Text mt={8} maw={640} fz="sm">
              {brand.description}
            </Text>
          )}
        </>
      }
    />
  );
}

export { RouteError as ErrorBoundary } from '../shared/ui/route-error';
