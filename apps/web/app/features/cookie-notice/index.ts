/** Public face of the cookie-notice feature. */
/** The cookie notice shown until answered (spec §9: the answer lives in browser storage). */
export { CookieNotice } from './cookie-notice';
export { statisticsAllowed } from './store';
