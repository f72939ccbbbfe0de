/** Browser-storage keys (spec §9): the cart, the token, the cookie-acceptance flag, the visitor id of views and
 * the copy of the favorite ids. */
export const STORAGE_KEYS = {
  cart: 'cart',
  token: 'token',
  cookieAccepted: 'cookie-accepted',
  reloadGuard: 'chunk-reload-at',
  /** A random id counting this browser's product views once a day. */
  visitor: 'visitor-id',
  /** Set while a signed-in buyer's cart change has not reached the account yet (features/cart/server-sync.ts). */
  cartUnsent: 'cart-unsent',
  /** The signed-in user's favorite ids as last known, for the hearts' first paint (features/favorites/browser-copy.ts). */
  favorites: 'favorites',
} as const;
