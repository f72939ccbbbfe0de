/** The sell feature's parts loaded as chunks of their own (the dynamic imports stay inside the feature). */
import { lazyWithReload } from '../../shared/lib/lazy';

/** The owner's panel on their own product page: only a listing's own seller sees it (known in the browser only). */
export const OwnerPanel = lazyWithReload(() => import('./owner-panel'));
