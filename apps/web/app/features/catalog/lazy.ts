/**
 * The catalog's parts loaded as chunks of their own. The dynamic imports stay inside the feature, so the
 * face (index.ts) can hand out the wrappers without pulling their code into anyone's first scripts.
 */
import { lazyWithReload } from '../../shared/lib/lazy';

/** The phone catalog drawer: downloaded on the first tap of the burger. */
export const CatalogDrawer = lazyWithReload(() => import('./catalog-drawer'));
