/** Public face of the checkout feature. */
/** The checkout screen: items of one seller, delivery point, card, and «Оплатить». */
export { CheckoutPage } from './checkout-page';
/** Renders its children for a signed-in user only; a guest signs in over the page (checkout and payment screens). */
export { SignedInOnly } from './signed-in-only';
