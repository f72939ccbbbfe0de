/** Public face of the sell feature: creating and editing listings, the owner's listings. */
/** The sell screen (create, or edit when `editId` is given). */
export { SellPage } from './sell-page';
/** «Мои товары и продажи»: the owner's listings by status, and the sales. */
export { OwnerListings } from './owner-listings';
/** The owner's panel on their own product page, loaded as a chunk of its own. */
export { OwnerPanel } from './lazy';
/** Whether a product belongs to the signed-in user. */
export { isOwnListing } from './own-listing';
/** The queries of the owner's listing counts by status and of the fee (shared cache). */
export { useFee, useProductStatuses } from './queries';
