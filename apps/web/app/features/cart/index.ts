/** Public face of the cart feature (spec §4: identity slug + size, kept in browser storage). */
/** The cart store and its items (an empty list until storage has been read). */
export { useCart, useCartItems } from './store';
/** A cart line, what is added to the cart, and the identity of a line (slug + size). */
export type { CartItem, CartItemInput, CartKey } from './store';
/** Whether two cart lines are the same item (slug equal, size case-insensitive). */
export { sameItem } from './cart-rules';
/** The header's cart link with the item count. */
export { CartButton } from './cart-button';
/** The cart screen. */
export { CartView } from './cart-view';
