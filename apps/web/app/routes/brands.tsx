/** Screen `brands` (/brands): the A–Z index of brands, Latin and Cyrillic, with listing counts. */
import { Text, Title } from '@mantine/core';
import type { BrandListItem } from '@vitrina/contract/catalog';
import type { Route } from './+types/brands';
import { BrandDirectory } from '../features/catalog';
import { jsonReader, toJsonText } from '../shared/lib/json-text';
import { apiLoad } from '../shared/lib/load-context';
import { countLabel, WORDS } from '../shared/lib/plural';
import { seo } from '../shared/lib/seo';
import { RouteError } from '../shared/ui/route-error';

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await apiLoad<{ results: BrandListItem[] }>(context, '/v1/public/brands/');
  // The index travels as JSON text (shared/lib/json-text.ts), its length beside it for the meta.
  return { brands: toJsonText(results, context), count: results.length, origin: context.publicUrl };
}

const readBrands = jsonReader<BrandListItem[]>(1);

export function meta({ data }: Route.MetaArgs) {
  return seo({
    title: 'Бренды от A до Я',
    description: `Все бренды Витрины: ${data ? countLabel(data.count, WORDS.brand) : 'сотни брендов'} — от Uniqlo и Zara до Stone Island и Moncler.`,
    path: '/brands',
    origin: data?.origin,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const brands = readBrands(loaderData.brands);
  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
      <Title order={1} fz={{ base: 26, sm: 36 }}>
        Бренды
      </Title>
      <Text c="dimmed" mt={4}>
        {countLabel(brands.length, WORDS.brand)}
      </Text>
      <BrandDirectory brands={brands} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
