/** robots.txt: everything public is crawlable; account, cart and checkout are not. */
import type { LoaderFunctionArgs } from 'react-router';

export function loader({ context }: LoaderFunctionArgs) {
  const origin = context.publicUrl;
  const body = [
    'User-agent: *',
    'Disallow: /account',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /payment',
    'Disallow: /success',
    'Disallow: /fail',
    'Disallow: /v1/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
