/**
 * The route table = spec §2; route ids are the spec's screen names. `/account/*` uses the account
 * layout except `/account/sell-create` (default layout); `/admin/*` the back office's layout (staff only, checked
 * in the browser). Unmatched paths render the 404 page.
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

const r = (path: string, id: string) => route(path, `routes/${id}.tsx`, { id });

export default [
  route('sitemap.xml', 'routes/seo/sitemap.xml.ts', { id: 'sitemap' }),
  route('robots.txt', 'routes/seo/robots.txt.ts', { id: 'robots' }),
  layout('layouts/default.tsx', { id: 'layout-default' }, [
    index('routes/index.tsx', { id: 'index' }),
    r('about', 'about'),
    layout('layouts/account.tsx', { id: 'layout-account' }, [
      r('account', 'account'),
      r('account/favorites', 'account-favorites'),
      r('account/history', 'account-history'),
      r('account/messenger', 'account-messenger'),
      r('account/sales-center', 'account-sales-center'),
      r('account/sales', 'account-sales'),
    ]),
    r('account/sell-create', 'account-sell-create'),
    layout('layouts/admin.tsx', { id: 'layout-admin' }, [
      r('admin', 'admin'),
      r('admin/audit', 'admin-audit'),
      r('admin/brands', 'admin-brands'),
      r('admin/compilations', 'admin-compilations'),
      r('admin/content', 'admin-content'),
      r('admin/disputes', 'admin-disputes'),
      r('admin/products', 'admin-products'),
      r('admin/reports', 'admin-reports'),
      r('admin/users', 'admin-users'),
    ]),
    r('blog', 'blog'),
    r('blog/:slug', 'blog-slug'),
    r('brands', 'brands'),
    r('cart', 'cart'),
    r('catalog/brand/:slug', 'catalog-brand-slug'),
    r('catalog/compilation/:slug', 'catalog-compilation-slug'),
    r('catalog/search', 'catalog-search'),
    r('catalog/:type', 'catalog-type'),
    r('checkout', 'checkout'),
    r('fail', 'fail'),
    r('faq', 'faq'),
    r('garanties', 'garanties'),
    r('how-buy', 'how-buy'),
    r('how-sell', 'how-sell'),
    r('jobs', 'jobs'),
    r('jobs/:slug', 'jobs-slug'),
    r('offer', 'offer'),
    r('payment', 'payment'),
    r('product/:slug', 'product-slug'),
    r('seller/:user', 'seller-user'),
    r('sizes', 'sizes'),
    r('success', 'success'),
    r('*', 'not-found'),
  ]),
] satisfies RouteConfig;
