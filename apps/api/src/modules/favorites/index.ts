/** Favorites (spec §7 `/v1/favorites/…`): the public face of the favorites module. */
/** Routes of the favorites calls. */
export { default as favoritesRoutes } from './routes.js';
