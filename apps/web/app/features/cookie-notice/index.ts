/** Public face of the cookie-notice feature. */
/** The cookie notice shown until accepted (spec §9: the flag lives in browser storage). */
export { CookieNotice } from './cookie-notice';
