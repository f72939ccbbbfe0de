/** Users and their profiles (spec §7 `/v1/self/…`): the public face of the users module. */
/** Routes: the profile, its update and avatar. */
export { default as usersRoutes } from './routes.js';
/** Locks a user's row for the rest of a transaction (serialises per-user limits such as 50 delivery points). */
export { lockUser } from './service.js';
/** Avatar widths and their URLs. */
export { AVATAR_WIDTHS, avatarUrls } from './service.js';
