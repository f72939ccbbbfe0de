import type { ProductDetail } from '@vitrina/contract/catalog';

/**
 * The listing as the product page holds it: `GET /v1/public/products/{slug}/` without its similar listings (the
 * page keeps them as cards) and without `view_count`, which every read raises and the page does not show — left in,
 * every render after a view would be other bytes and another ETag (product-view.tsx `productPageOf`).
 */
export type ShownListing = Omit<ProductDetail, 'similar' | 'view_count'>;
