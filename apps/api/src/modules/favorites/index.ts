/** Favorites (spec §7 `/v1/favorites/…`): the public face of the favorites module. */
/** Routes of the favorites calls (and the keepers' notifications of price drops and sales). */
export { default as favoritesRoutes } from './routes.js';
/** Event names `favorite.added` / `favorite.removed`, payload `{userId, listingId, sellerId, at}` (ISO). */
export { FAVORITE_ADDED, FAVORITE_REMOVED } from './service.js';
