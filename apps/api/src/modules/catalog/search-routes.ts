/**
 * HTTP routes of search and the filter counts (architecture §3, ours under `/v1/public/`):
 * the search page, its spelling and ways out, the header box's suggestions, and the values each
 * filter of a listing or search page offers. Paths, schemas and status codes only; the rules live in the
 * files each route names.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandMatchSchema,
  facetsSchema,
  productCardSchema,
  productListQuery,
  searchHintsSchema,
  suggestSchema,
} from '@vitrina/contract/catalog';
import { pageOf as pageSchema } from '@vitrina/contract/common';
import { plainJson } from '../../lib/plain-json.js';
import { publicAnswer } from '../../plugins/public-cache.js';
import { getFacets } from './facets.js';
import { searchProducts } from './search.js';
import { getSearchHints } from './search-hints.js';
import { suggest } from './suggest.js';
import { matchBrands } from './brand-match.js';

const tags = ['Каталог'];
/** The list query with the same lenient list fields but `q` length checked by the service (Russian message). */
export const listQuery = productListQuery.extend({ q: z.string().optional() });

/**
 * Search (search.ts), its spelling and ways out (search-hints.ts), the header box's suggestions (suggest.ts)
 * and the filter counts of listing and search pages (facets.ts).
 */
export function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/public/search/',
    {
      ...publicAnswer,
      ...plainJson,
      schema: {
        tags,
        summary: 'Поиск: формы слов, опечатки, бренды латиницей и кириллицей',
        querystring: listQuery,
        response: { 200: pageSchema(productCardSchema) },
      },
    },
    async (req) => searchProducts(app.db, req.query, req.url),
  );

  app.get(
    '/v1/public/search/hints/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Поиск: исправление опечаток и выходы из пустого результата',
        querystring: listQuery,
        response: { 200: searchHintsSchema },
      },
    },
    async (req) => getSearchHints(app.db, req.query),
  );

  app.get(
    '/v1/public/search/suggest/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Подсказки поиска: бренды, категории, объявления',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: suggestSchema },
      },
    },
    async (req) => suggest(app.db, req.query.q),
  );
  app.get(
    '/v1/public/search/brands/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Бренды из списка, которые может означать введённое название (поле «Бренд» формы продажи)',
        querystring: z.object({ q: z.string().max(200, 'Не больше 200 символов.').optional() }),
        response: { 200: brandMatchSchema },
      },
    },
    async (req) => ({ results: await matchBrands(app.db, req.query.q ?? '') }),
  );
  app.get(
    '/v1/public/facets/',
    {
      ...publicAnswer,
      schema: {
        tags,
        summary: 'Значения фильтров (размеры, состояния, цвета) с числом объявлений при остальных фильтрах',
        querystring: listQuery,
        response: { 200: facetsSchema },
      },
    },
    async (req) => getFacets(app.db, req.query),
  );
}
