/**
 * The search box's and the search page's helpers in the public catalog contract (`/v1/public/search/suggest/`,
 * `/v1/public/search/hints/`). Prices are rubles. `catalog.ts` re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';
import { brandRefSchema } from './catalog-brands.js';
import { imageSchema } from './common.js';

/** `GET /v1/public/search/suggest/?q=` → suggestions for the search box. */
export const suggestSchema = z.object({
  brands: z.array(brandRefSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string() })),
  products: z.array(
    z.object({ slug: z.string(), title: z.string(), price: z.number(), photo: imageSchema.nullable() }),
  ),
});
export type Suggest = z.infer<typeof suggestSchema>;

/** Filters a search's ways out may suggest removing (`price` is `price_min` and `price_max` together). */
export const HINT_FILTERS = ['category', 'brand', 'size', 'price', 'condition', 'color'] as const;

/**
 * `GET /v1/public/search/hints/` (ours, beside the search call, whose answer stays a DRF page): takes the
 * search's query and answers what the search page offers besides its results.
 */
export const searchHintsSchema = z.object({
  /**
   * The query with its misspelt words corrected («кросовки» → «кроссовки», «адидос» → «адидас»), when it has
   * any and the corrected query finds listings: «Возможно, вы имели в виду …». Null otherwise.
   */
  correction: z.string().nullable(),
  /**
   * Only when the search found nothing: categories where the query's words find listings with no filter
   * (`with_query`: search inside them), or else the categories its words name (browse them); `count` is
   * how many listings the link shows.
   */
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.string(),
      count: z.number().int(),
      with_query: z.boolean(),
    }),
  ),
  /** Only when the search found nothing: queries that find listings (the catalog's largest categories). */
  popular: z.array(z.string()),
  /** Only when the search found nothing: each active filter whose removal finds listings, with how many. */
  without: z.array(z.object({ filter: z.enum(HINT_FILTERS), count: z.number().int() })),
});
export type SearchHints = z.infer<typeof searchHintsSchema>;
