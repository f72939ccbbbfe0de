/** JSON-LD `Product`/`Offer` and `BreadcrumbList` for a product page (nonce on the script tag for the CSP). */
import type { ShownListing } from './shown-listing';
import { JsonLd } from '../../shared/lib/nonce';
import { TYPE_LABELS } from '../catalog';

const CONDITION_SCHEMA: Record<string, string> = {
  new_with_tag: 'https://schema.org/NewCondition',
  excellent: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  satisfactory: 'https://schema.org/UsedCondition',
};

/** Breadcrumbs of a product: home → type → category path → product. */
export function productCrumbs(p: ShownListing): { name: string; path: string }[] {
  const crumbs = [{ name: 'Главная', path: '/' }];
  const type = p.category?.type ?? p.type;
  if (type && TYPE_LABELS[type]) crumbs.push({ name: TYPE_LABELS[type], path: `/catalog/${type}` });
  for (const c of p.category?.path ?? []) crumbs.push({ name: c.name, path: `/catalog/${type}?category=${c.id}` });
  if (p.category && !p.category.path.some((c) => c.id === p.category!.id))
    crumbs.push({ name: p.category.name, path: `/catalog/${type}?category=${p.category.id}` });
  crumbs.push({ name: p.title, path: `/product/${p.slug}` });
  return crumbs;
}

export function productJsonLd(p: ShownListing, origin: string) {
  const abs = (u: string) => (u.startsWith('http') ? u : origin + u);
  const inStock = p.status === 'active' && p.offers.some((o) => o.count > 0);
  const offers = p.offers.map((o) => ({
    '@type': 'Offer',
    sku: `${p.slug}-${o.size}`,
    price: o.price,
    priceCurrency: 'RUB',
    availability: inStock && o.count > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: CONDITION_SCHEMA[p.condition] ?? 'https://schema.org/UsedCondition',
    url: `${origin}/product/${p.slug}`,
    seller: { '@type': 'Person', name: p.seller.name },
  }));
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    sku: p.slug,
    image: p.photos.map((ph) => abs(ph.url_large)),
    ...(p.brand || p.brand_text ? { brand: { '@type': 'Brand', name: p.brand?.name ?? p.brand_text } } : {}),
    ...(p.color_label ? { color: p.color_label } : {}),
    offers: offers.length
      ? offers
      : [
          {
            '@type': 'Offer',
            price: p.price,
            priceCurrency: 'RUB',
            availability: 'https://schema.org/OutOfStock',
            url: `${origin}/product/${p.slug}`,
          },
        ],
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: productCrumbs(p).map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: origin + c.path,
    })),
  };
  return [product, breadcrumbs];
}

export function ProductJsonLd({ product, origin }: { product: ShownListing; origin: string }) {
  return <JsonLd data={productJsonLd(product, origin)} />;
}
