/** Browser-storage keys (spec §9): the cart, the token and the cookie-acceptance flag. */
export const STORAGE_KEYS = {
  cart: 'cart',
  token: 'token',
  cookieAccepted: 'cookie-accepted',
  reloadGuard: 'chunk-reload-at',
} as const;
