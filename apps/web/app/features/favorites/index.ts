/** Public face of the favorites feature: the heart, the seller's count and the account page. */
/**
 * The heart on cards and the product page (a chunk of its own, hydrated when it arrives); the listing's seller
 * sees «В избранном у N» on the product page in its place.
 */
export { FavoriteHeart } from './lazy';
/**
 * The inline script that fills a signed-in user's hearts on the first paint from the browser's copy of their ids;
 * the layout renders it before the page's content.
 */
export { FavoritesFirstPaint } from './first-paint';
/** The `/account/favorites` screen: the grid, sorting, sold items greyed, the empty state. */
export { FavoritesPage } from './favorites-page';
