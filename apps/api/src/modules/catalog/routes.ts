/**
 * HTTP routes of the `catalog` module: spec §7 (`product/chars`, categories, sizes, the cart check) and ours
 * under `/v1/public/` (architecture §3: listings, brands, compilations, sellers, sitemap; search and the
 * filter counts: search-routes.ts). Paths,
 * schemas and status codes only; the rules live in the files each route names.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandDetailSchema,
  brandListItemSchema,
  cartItemSchema,
  categoryItemSchema,
  charsSchema,
  checkAvailabilityAnswer,
  compilationSchema,
  productCardSchema,
  productDetailSchema,
  sellerPageSchema,
  sitemapSchema,
  sizeSchema,
} from '@vitrina/contract/catalog';
import { pageOf as pageSchema } from '@vitrina/contract/common';
import { badRequest } from '../../lib/errors.js';
import { checkAvailability } from './availability.js';
import { getBrand, listBrands } from './brands.js';
import { getCategoriesOfType, getChars, getSizesOfCategory } from './categories.js';
import { getCompilation, listCompilations } from './compilations.js';
import { listProducts } from './listing.js';
import { getProduct } from './product-page.js';
import { searchProducts } from './search.js';
import { getSellerPage } from './sellers.js';
import { getSitemap } from './sitemap.js';
import { listQuery, searchRoutes } from './search-routes.js';
import { flushViews } from './views.js';
import { plainJson } from '../../lib/plain-json.js';
import { publicAnswer } from '../../plugins/public-cache.js';

/** Most lines a cart may send to the availability check. */
const CART_MAX_ITEMS = 100;

const tags = ['Каталог'];
const detail = z.object({ detail: z.string() });
const productPage = pageSchema(productCardSchema);

/** The Fastify instance of the catalog routes, typed by their zod schemas. */
type CatalogApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** `/v1/public/brands/`: every brand with listings, A to Z (also answered in-process for pages: ssr-reads.ts). */
export const brandsAnswer = z.object({ results: z.array(brandListItemSchema) });
/** `/v1/public/compilations/`: the home page's compilations (also answered in-process for pages: ssr-reads.ts). */
export const compilationsAnswer = z.object({ results: z.array(compilationSchema) });

/** Registers every catalog route; views counted in memory are written when the app closes (views.ts). */
export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Views counted in memory are written before the database closes.
  app.addHook('onClose', async () => flushViews(app.db));

  // The cart check must answer 400 (not 415) to a body that is not JSON: parse any content type as JSON here.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(badRequest('Неверный JSON в теле запроса.'), undefined);
    }
  });
  referenceRoutes(app);
  cartRoutes(app);
  listingRoutes(app);
  searchRoutes(fastify);
  brandAndCompilationRoutes(app);
  sellerAndSitemapRoutes(app);
}

/** Spec §7: the filters of the sell form and the catalog, categories of a type, size grids (categories.ts). */
function referenceRoutes(app: CatalogApp) {
  app.get(
    '/v1/product/chars/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Фильтры: бренды, категории, состояния, цвета, разделы',
        response: { 200: charsSchema },
      },
    },
    async () => getChars(app.db),
  );

  app.get(
    '/v1/public/categories/:type/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Категории раздела каталога',
        params: z.object({ type: z.string() }),
        response: { 200: z.array(categoryItemSchema), 404: detail },
      },
    },
    async (req) => getCategoriesOfType(app.db, req.params.type),
  );

  app.get(
    '/v1/public/sizes/:category/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Размерная сетка категории',
        params: z.object({ category: z.string() }),
        response: { 200: z.array(sizeSchema), 404: detail },
      },
    },
    async (req) => getSizesOfCategory(app.db, req.params.category),
  );
}

/** Spec §7: `POST /v1/product/check-availability/` (availability.ts). */
function cartRoutes(app: CatalogApp) {
  app.post(
    '/v1/product/check-availability/',
    {
      schema: {
        tags,
        summary: 'Проверка наличия товаров корзины',
        body: z.array(cartItemSchema).max(CART_MAX_ITEMS),
        response: { 200: checkAvailabilityAnswer },
      },
    },
    async (req) => {
      if (!Array.isArray(req.body)) throw badRequest({ non_field_errors: ['Ожидается список товаров корзины.'] });
      return checkAvailability(
        app.db,
        req.body.map((i) => ({ slug: i.slug, size: i.size, count: i.count })),
      );
    },
  );
}

/** Listing pages (listing.ts; with `q`: search.ts) and a listing by slug (product-page.ts). */
function listingRoutes(app: CatalogApp) {
  app.get(
    '/v1/public/products/',
    {
      ...publicAnswer,
      ...plainJson,
      schema: {
        tags,
        summary: 'Объявления с фильтрами, сортировкой и страницами',
        querystring: listQuery,
        response: { 200: productPage },
      },
    },
    async (req) => {
      if (req.query.q !== undefined && req.query.q.trim() !== '') return searchProducts(app.db, req.query, req.url);
      return listProducts(app.db, { ...req.query, q: undefined }, req.url);
    },
  );

  app.get(
    '/v1/public/products/:slug/',
    {
      ...publicAnswer,
      ...plainJson,
      schema: {
        tags,
        summary: 'Объявление: предложения, фото, продавец, похожие',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: productDetailSchema, 404: detail },
      },
    },
    async (req) =>
      getProduct(app.db, req.params.slug, req.user?.id ?? null, (err) =>
        app.log.warn({ err }, 'не удалось записать просмотры товаров'),
      ),
  );
}

/** Brands (brands.ts) and compilations (compilations.ts). */
function brandAndCompilationRoutes(app: CatalogApp) {
  app.get(
    '/v1/public/brands/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Бренды от A до Z',
        response: { 200: brandsAnswer },
      },
    },
    async () => listBrands(app.db),
  );

  app.get(
    '/v1/public/brands/:slug/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Бренд',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: brandDetailSchema, 404: detail },
      },
    },
    async (req) => getBrand(app.db, req.params.slug),
  );

  app.get(
    '/v1/public/compilations/',
    {
      ...publicAnswer,
      schema: { tags, summary: 'Подборки', response: { 200: compilationsAnswer } },
    },
    async () => listCompilations(app.db, app.storage),
  );

  app.get(
    '/v1/public/compilations/:slug/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Подборка',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: compilationSchema, 404: detail },
      },
    },
    async (req) => getCompilation(app.db, app.storage, req.params.slug),
  );
}

/** Seller cards (sellers.ts) and the sitemap's addresses (sitemap.ts). */
function sellerAndSitemapRoutes(app: CatalogApp) {
  app.get(
    '/v1/public/sellers/:id/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Карточка продавца: рейтинг, отзывы, уровень сервиса',
        description:
          'rating — средняя оценка отзывов (один знак после запятой, null без отзывов), reviews_count — их число, ' +
          'rating_distribution — сколько отзывов на каждую оценку 1–5, service_level — доля заказов за 30 дней, ' +
          'отправленных вовремя, в процентах (null, пока заказов не было).',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: sellerPageSchema, 404: detail },
      },
    },
    async (req) => getSellerPage(app, req.params.id),
  );

  app.get(
    '/v1/public/sitemap/',
    {
      ...publicAnswer,
      schema: { tags, summary: 'Адреса для sitemap.xml', response: { 200: sitemapSchema } },
    },
    async () => getSitemap(app.db),
  );
}
