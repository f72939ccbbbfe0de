/** Sign-in by SMS code (spec §7 `/v1/auth/…`): the public face of the auth module. */
/** Routes: send-code, verify-code, logout. */
export { default as authRoutes } from './routes.js';
/** The app's SMS provider (sign-in codes, urgent notifications). */
export { smsProvider } from './service.js';
/** Sends a one-time code (sign-in or, with `purpose: 'delete'`, deleting the account) with every SMS limit. */
export { sendCode } from './service.js';
/** Signs every device of a user out inside the caller's transaction (sockets close when it commits). */
export { revokeUserTokensIn } from './tokens.js';
/** Checks and uses up a number's newest code of a purpose, counting wrong tries against every cap. */
export { useCode, type CodePurpose } from './codes.js';
/** The zod field of a code from an SMS (`{code}` bodies), with Russian messages. */
export { codeField } from './fields.js';
