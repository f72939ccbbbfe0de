/** The catalog's per-process memory of counts and facets, forgotten on demand. */
import type { Db } from '../../db/client.js';
import { forgetCounts } from './counts.js';
import { forgetFacets } from './facets.js';
import { forgetDictionaries } from './memo.js';
/**
 * Forgets this process's remembered counts, facets and dictionaries (brands, categories…) of `db`, for a change they
 * must show at once (staff block or unblock a listing, add a brand or merge a typed one) rather than within their
 * 30 s lifetime.
 */
export function forgetCatalogCaches(db: Db): void {
  forgetCounts(db);
  forgetFacets(db);
  forgetDictionaries(db);
}
