/** Public face of the social feature: seller pages and subscriptions. */
/** A seller's public page, and its page size. */
export { SELLER_PAGE_SIZE, SellerProfile } from './seller-profile';
/** «Центр продаж»: listing counts, subscribers and subscriptions. */
export { SalesCenter } from './sales-center';
