/** Screen `index` (/): hero, compilations, new listings, popular brands. */
import type { Page } from '@vitrina/contract/common';
import type { BrandListItem, Compilation, ProductCard } from '@vitrina/contract/catalog';
import type { Route } from './+types/index';
import { CompilationsRow, FreshListings, Hero, PopularBrands } from '../features/catalog';
import { jsonReader, toJsonText } from '../shared/lib/json-text';
import { apiLoad } from '../shared/lib/load-context';
import { seo } from '../shared/lib/seo';
import { cardData, SectionTitle, type ProductCardData } from '../shared/ui/product-card';
import { RouteError } from '../shared/ui/route-error';

/** The home page's sections, as its route data carries them (JSON text). */
interface HomeSections {
  compilations: Compilation[];
  fresh: ProductCardData[];
  brands: BrandListItem[];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [compilations, fresh, brands] = await Promise.all([
    apiLoad<{ results: Compilation[] }>(context, '/v1/public/compilations/').catch(() => ({ results: [] })),
    apiLoad<Page<ProductCard>>(context, '/v1/public/products/?sort=new&page_size=20').catch(() => ({
      results: [] as ProductCard[],
    })),
    apiLoad<{ results: BrandListItem[] }>(context, '/v1/public/brands/').catch(() => ({ results: [] })),
  ]);
  const popular = brands.results.filter((b) => b.is_popular && b.count > 0).sort((a, b) => b.count - a.count);
  // The sections travel as JSON text (shared/lib/json-text.ts): cheaper to hand to the browser than value by value.
  return {
    sections: toJsonText<HomeSections>(
      {
        compilations: compilations.results,
        fresh: fresh.results.map(cardData),
        brands: (popular.length ? popular : [...brands.results].sort((a, b) => b.count - a.count)).slice(0, 12),
      },
      context,
    ),
    origin: context.publicUrl,
  };
}

const readSections = jsonReader<HomeSections>(1);

export function meta({ data }: Route.MetaArgs) {
  return seo({
    title: 'Витрина — маркетплейс одежды, обуви и аксессуаров',
    description:
      'Покупайте и продавайте одежду, обувь и аксессуары: Nike, Stone Island, Moncler, Zara и ещё сотни брендов от продавцов со всей России.',
    path: '/',
    origin: data?.origin,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { compilations, fresh, brands } = readSections(loaderData.sections);
  return (
    <div className="vt-container" style={{ paddingBottom: 24 }}>
      <Hero
        photos={fresh
          .filter((p) => p.photo)
          .slice(0, 3)
          .map((p) => ({ image: p.photo!, alt: p.title, slug: p.slug }))}
      />
      {compilations.length > 0 && (
        <>
          <SectionTitle>Подборки</SectionTitle>
          <CompilationsRow items={compilations} />
        </>
      )}
      <SectionTitle link={{ to: '/catalog/women?sort=new', label: 'Смотреть все' }}>Новинки</SectionTitle>
      <FreshListings products={fresh} />
      <SectionTitle link={{ to: '/brands', label: 'Все бренды' }}>Популярные бренды</SectionTitle>
      <PopularBrands brands={brands} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
