/** Public face of the product feature. */
/** The product page: gallery, sizes, price, «В корзину», seller, details and JSON-LD. */
export { ProductView, productPageOf, type ProductPageData } from './product-view';
/** A 404 product page that shows the signed-in owner's own draft instead, when there is one. */
export { DraftFallback } from './lazy';
