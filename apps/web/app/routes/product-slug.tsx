/** Screen `product-slug` (/product/{slug}): gallery, sizes, price, «В корзину», seller, similar; JSON-LD. */
import type { ProductDetail } from '@vitrina/contract/catalog';
import { isRouteErrorResponse, useParams, useRouteError } from 'react-router';
import type { Route } from './+types/product-slug';
import { DraftFallback, ProductView, productPageOf } from '../features/product';
import { jsonReader, toJsonText } from '../shared/lib/json-text';
import { apiLoad } from '../shared/lib/load-context';
import { formatPrice } from '../shared/lib/price';
import { seo } from '../shared/lib/seo';
import { RouteError } from '../shared/ui/route-error';

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await apiLoad<ProductDetail>(context, `/v1/public/products/${encodeURIComponent(params.slug)}/`);
  // Sent as JSON text (shared/lib/json-text.ts): cheaper to hand to the browser than value by value.
  return { product: toJsonText(productPageOf(product), context), origin: context.publicUrl };
}

/** The listing of the route data (parsed once: the meta and the screen read the same text). */
const readProduct = jsonReader<ReturnType<typeof productPageOf>>(1);

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Страница не найдена — Витрина' }, { name: 'robots', content: 'noindex' }];
  const p = readProduct(data.product);
  const brand = p.brand && !p.title.toLowerCase().includes(p.brand.name.toLowerCase()) ? `${p.brand.name} ` : '';
  return seo({
    title: `${p.title} — ${formatPrice(p.price)}`,
    description:
      `${brand}${p.title}: ${p.condition_label.toLowerCase()}, ${formatPrice(p.price)}. ${p.description}`.slice(0, 200),
    path: `/product/${p.slug}`,
    origin: data.origin,
    image: p.photos[0]?.url_large,
    type: 'product',
    noindex: p.status === 'draft',
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const product = readProduct(loaderData.product);
  return <ProductView key={product.slug} product={product} origin={loaderData.origin} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { slug } = useParams();
  if (isRouteErrorResponse(error) && error.status === 404 && slug) return <DraftFallback slug={slug} />;
  return <RouteError />;
}
