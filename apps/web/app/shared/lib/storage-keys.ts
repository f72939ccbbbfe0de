/** Browser-storage keys (spec §9): the cart, the token, the cookie-acceptance flag and the visitor id of views. */
export const STORAGE_KEYS = {
  cart: 'cart',
  token: 'token',
  cookieAccepted: 'cookie-accepted',
  reloadGuard: 'chunk-reload-at',
  /** A random id counting this browser's product views once a day. */
  visitor: 'visitor-id',
} as const;
