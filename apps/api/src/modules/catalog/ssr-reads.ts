/**
 * The hot public GETs of server-rendered pages, answered in-process: the listing by slug,
 * the listing pages (and search through them), the filter counts, the reference data, and the home page's brands
 * and compilations. The page's loaders ask for
 * them by the same path as the browser does; here they are answered by the same service functions as the routes in
 * routes.ts and search-routes.ts, without `inject`, headers, hooks and a JSON round trip — ≈ a fifth of a cold page.
 *
 * The answer is the object the route would send, no more and no less: the plain-JSON routes' services build their
 * answers field by field (lib/plain-json.ts); the others go through the route's response schema here as there (`zod`
 * encode: unknown fields stripped). Anything unusual — another path, a query the route would refuse, a slug the
 * route would not take, a NUL (`%00`) anywhere, which PostgreSQL text cannot hold — is not answered here (`null`):
 * the caller then calls the route itself, which answers it exactly (plugins/nul-guard.ts: 404 in the path, 400 in
 * the query). The API tests check every answer against the route's JSON.
 */
import { parse as parseQuery } from 'fast-querystring';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { charsSchema, facetsSchema } from '@vitrina/contract/catalog';
import { ApiError } from '../../lib/errors.js';
import { Cache } from '../../lib/cache.js';
import { listBrands } from './brands.js';
import { getChars } from './categories.js';
import { listCompilations } from './compilations.js';
import { getFacets } from './facets.js';
import { listProducts } from './listing.js';
import { getProduct } from './product-page.js';
import { searchProducts } from './search.js';
import { listQuery } from './search-routes.js';
import { brandsAnswer, compilationsAnswer } from './routes.js';

/** A public GET answered in-process: the route's status and its answer as parsed JSON would be. */
export interface PublicRead {
  status: number;
  data: unknown;
}

/** Answers a public GET path in-process, or `null` when it is not one of the hot ones (call the route then). */
export type PublicReader = (path: string) => Promise<PublicRead> | null;

/** How long the reference data (`/v1/product/chars/`) is kept for pages: it changes only when the catalog is seeded. */
const CHARS_TTL_MS = 60_000;
const SLUG_MAX = 200;
const PRODUCT_PATH = /^\/v1\/public\/products\/([^/]+)\/$/;
/** U+0000 in a path, raw or percent-encoded (its only escape: `%C0%80` is malformed UTF-8 and refused). */
const hasNul = (path: string) => path.includes('\u0000') || /%00/.test(path);

/**
 * Makes the in-process reader of `app`'s hot public GETs for the page loaders (web.ts hands it to them as `apiRead`).
 * The reference data answer is kept 60 s and frozen (pages share it; a page that changed it would throw).
 * @returns the reader; its promise rejects only on a fault (a 5xx of the route), after logging it as the route would
 */
export function publicReader(app: FastifyInstance): PublicReader {
  const chars = new Cache<string, PublicRead>({ max: 1, ttlMs: CHARS_TTL_MS, keep: (a) => a.status === 200 });
  return (path) => {
    if (hasNul(path)) return null;
    const q = path.indexOf('?');
    const pathname = q < 0 ? path : path.slice(0, q);
    const query = q < 0 ? '' : path.slice(q + 1);
    if (pathname === '/v1/product/chars/' && q < 0)
      return chars.fetch('', () => answer(app, async () => deepFreeze(z.encode(charsSchema, await getChars(app.db)))));
    if (pathname === '/v1/public/brands/' && q < 0)
      return answer(app, async () => z.encode(brandsAnswer, await listBrands(app.db)));
    if (pathname === '/v1/public/compilations/' && q < 0)
      return answer(app, async () => z.encode(compilationsAnswer, await listCompilations(app.db, app.storage)));
    if (pathname === '/v1/public/products/' || pathname === '/v1/public/facets/') {
      const parsed = listQuery.safeParse(query === '' ? {} : parseQuery(query));
      if (!parsed.success) return null; // the route's own 400 answer
      const lq = parsed.data;
      if (pathname === '/v1/public/facets/')
        return answer(app, async () => z.encode(facetsSchema, await getFacets(app.db, lq)));
      if (lq.q !== undefined && lq.q.trim() !== '') return answer(app, () => searchProducts(app.db, lq, path));
      return answer(app, () => listProducts(app.db, { ...lq, q: undefined }, path));
    }
    const m = q < 0 ? PRODUCT_PATH.exec(pathname) : null;
    const slug = m ? decoded(m[1]!) : null;
    if (slug === null || slug.length > SLUG_MAX) return null;
    return answer(app, () =>
      getProduct(app.db, slug, null, (err) => app.log.warn({ err }, 'не удалось записать просмотры товаров')),
    );
  };
}

/** Runs a route's service: its answer as 200, an {@link ApiError} as that status and body; a fault is logged and rethrown. */
async function answer(app: FastifyInstance, run: () => Promise<unknown>): Promise<PublicRead> {
  try {
    return { status: 200, data: await run() };
  } catch (err) {
    if (err instanceof ApiError && err.statusCode < 500) return { status: err.statusCode, data: err.body };
    app.log.error({ err }, 'ошибка чтения данных страницы');
    throw err;
  }
}

/** The route parameter as the router decodes it; null for a malformed escape (the route answers that itself). */
function decoded(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
