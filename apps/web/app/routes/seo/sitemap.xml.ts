/** sitemap.xml: static pages, catalog types, brands, compilations and active listings (`/v1/public/sitemap/`). */
import type { LoaderFunctionArgs } from 'react-router';
import { apiLoad } from '../../shared/lib/load-context';

interface SitemapData {
  products: { slug: string; updated_at: string }[];
  brands: string[];
  compilations: string[];
}

const STATIC = [
  '/',
  '/catalog/women',
  '/catalog/men',
  '/catalog/kids',
  '/brands',
  '/about',
  '/how-buy',
  '/how-sell',
  '/garanties',
  '/sizes',
  '/faq',
  '/blog',
  '/jobs',
  '/offer',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loader({ context }: LoaderFunctionArgs) {
  const origin = context.publicUrl;
  const data = await apiLoad<SitemapData>(context, '/v1/public/sitemap/').catch(
    () => ({ products: [], brands: [], compilations: [] }) as SitemapData,
  );
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${esc(origin + path)}</loc>${lastmod ? `<lastmod>${esc(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
  const urls = [
    ...STATIC.map((p) => url(p)),
    ...data.brands.map((s) => url(`/catalog/brand/${encodeURIComponent(s)}`)),
    ...data.compilations.map((s) => url(`/catalog/compilation/${encodeURIComponent(s)}`)),
    ...data.products.map((p) => url(`/product/${encodeURIComponent(p.slug)}`, p.updated_at)),
  ];
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    },
  );
}
