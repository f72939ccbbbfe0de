/**
 * The sitemap's addresses (architecture §3: `GET /v1/public/sitemap/`; §4: public pages are found by
 * search engines): active listings, brands and compilations.
 */
import { sql } from 'drizzle-orm';
import type { Sitemap } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { iso } from './cards.js';

/** Most listings a sitemap lists. */
export const SITEMAP_MAX_PRODUCTS = 50_000;

/**
 * `GET /v1/public/sitemap/`: active listings (newest first, at most {@link SITEMAP_MAX_PRODUCTS}, each with
 * its ISO 8601 `updated_at`), brand and compilation slugs.
 */
export async function getSitemap(db: Db): Promise<Sitemap> {
  const [products, brands, compilations] = await Promise.all([
    queryRows<{ slug: string; updated_at: unknown }>(
      db,
      sql`select p.slug, p.updated_at from products p where p.status = 'active'
          order by p.published_at desc, p.id desc limit ${SITEMAP_MAX_PRODUCTS}`,
    ),
    queryRows<{ slug: string }>(db, sql`select slug from brands order by slug`),
    queryRows<{ slug: string }>(db, sql`select slug from compilations where published order by position, id`),
  ]);
  return {
    products: products.map((p) => ({ slug: p.slug, updated_at: iso(p.updated_at) })),
    brands: brands.map((b) => b.slug),
    compilations: compilations.map((c) => c.slug),
  };
}
