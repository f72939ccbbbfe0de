/** Whether a product page is the signed-in user's own listing (small: the product page's first load needs it). */
import type { ProductDetail } from '@vitrina/contract/catalog';

/** Whether the signed-in user (`userId`, or null) is the seller of `product`. */
export const isOwnListing = (product: Pick<ProductDetail, 'seller'>, userId: number | null | undefined) =>
  userId != null && product.seller.id === userId;
