/** Screen `seller-user` (/seller/{user}, server-rendered): the seller's card, subscribe button and active listings. */
import type { Page } from '@vitrina/contract/common';
import type { ProductCard, SellerPage } from '@vitrina/contract/catalog';
import { REVIEWS_PAGE_SIZE, type Review } from '@vitrina/contract/reviews';
import { Box } from '@mantine/core';
import type { Route } from './+types/seller-user';
import { SELLER_PAGE_SIZE, SellerProfile } from '../features/social';
import { jsonReader, toJsonText } from '../shared/lib/json-text';
import { apiLoad } from '../shared/lib/load-context';
import { countLabel, WORDS } from '../shared/lib/plural';
import { seo } from '../shared/lib/seo';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.user)) throw new Response('Страница не найдена', { status: 404 });
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw && /^\d{1,5}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  const [seller, products, reviews] = await Promise.all([
    apiLoad<SellerPage>(context, `/v1/public/sellers/${params.user}/`),
    apiLoad<Page<ProductCard>>(
      context,
      `/v1/public/products/?seller=${params.user}&sort=new&page_size=${SELLER_PAGE_SIZE}&page=${page}`,
    ),
    apiLoad<Page<Review>>(context, `/v1/public/sellers/${params.user}/reviews/?page_size=${REVIEWS_PAGE_SIZE}`),
  ]);
  // The listings travel as JSON text (shared/lib/json-text.ts): cheaper to hand to the browser than value by value.
  return {
    seller,
    products: toJsonText(products, context),
    reviews,
    page,
    origin: context.publicUrl,
    // The day, not the instant (the profile counts whole years): the page's bytes, so its ETag, stay the same all day.
    today: new Date().toISOString().slice(0, 10),
  };
}

/** The page of listings of the route data (parsed once: the meta and the screen read the same text). */
const readProducts = jsonReader<Page<ProductCard>>(1);

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Страница не найдена — Витрина' }, { name: 'robots', content: 'noindex' }];
  const s = data.seller;
  return seo({
    title: `${s.name} — продавец на Витрине`,
    description:
      `${s.name}${s.city ? `, ${s.city}` : ''}: ${countLabel(s.products_count, WORDS.product)} в продаже на Витрине. ${s.about}`
        .slice(0, 200)
        .trim(),
    path: `/seller/${s.id}${data.page > 1 ? `?page=${data.page}` : ''}`,
    origin: data.origin,
    image: s.avatar?.url_large ?? readProducts(data.products).results[0]?.photo?.url_large,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return (
    <Box className="vt-container" py={{ base: 'lg', sm: 'xl' }}>
      <SellerProfile
        key={`${loaderData.seller.id}-${loaderData.page}`}
        {...loaderData}
        products={readProducts(loaderData.products)}
      />
    </Box>
  );
}
export { RouteError as ErrorBoundary } from '../shared/ui/route-error';
