/** Public face of the social feature: seller pages and subscriptions. */
/** A seller's public page, and its page size. */
export { SELLER_PAGE_SIZE, SellerProfile } from './seller-profile';
/** The subscribers and subscriptions tabs of «Центр продаж». */
export { SubscriptionTabs } from './subscription-tabs';
