/** Sign-in by SMS code (spec §7 `/v1/auth/…`): the public face of the auth module. */
/** Routes: send-code, verify-code, logout. */
export { default as authRoutes } from './routes.js';
