/** Catalog, search and product pages (spec §7 `/v1/product/…`, `/v1/public/…`): the public face of the catalog module. */
/** Routes: categories, filters, listing pages, search, suggestions, product by slug, brands, sellers. */
export { default as catalogRoutes } from './routes.js';
/** The text a listing is found by (title, brand words, category, colour…), stored with the listing. */
export { buildSearchText, type SearchTextInput } from './search-text.js';
/** The listed brand a seller's typed brand spells («левайс» → Levi's), or null. */
export { listedBrandOf } from './brand-match.js';
/** Listing cards of given ids in one query (the catalog's card shape), for lists other modules keep. */
export { cardRows, cardOf, type FullCardRow } from './cards.js';
/** The hot public GETs of server-rendered pages answered in-process, as the routes would. */
export { publicReader, type PublicReader, type PublicRead } from './ssr-reads.js';

/** Forgets this process's remembered counts and facets (staff blocked or unblocked a listing). */
export { forgetCatalogCaches } from './caches.js';
/** A stored cover image with its size (compilations, the journal's posts). */
export { compilationCount, coverImage } from './compilations.js';
/** A compilation's saved catalog filter checked and read as a listing query. */
export { savedFilterQuery } from './filters.js';
