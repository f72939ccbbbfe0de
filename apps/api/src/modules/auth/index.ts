/** Sign-in by SMS code (spec §7 `/v1/auth/…`): the public face of the auth module. */
/** Routes: send-code, verify-code, logout. */
export { default as authRoutes } from './routes.js';
/** The app's SMS provider (sign-in codes, urgent notifications). */
export { smsProvider } from './service.js';
