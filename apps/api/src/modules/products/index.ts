/** The seller's listings (spec §7 `/v1/products/…`): create, edit, draft, delete. The public face of the products module. */
/** Routes of the seller's listing calls. */
export { default as productsRoutes } from './routes.js';
