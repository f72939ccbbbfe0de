/** Public face of the reviews feature: order review forms, a seller's reviews section and rating line. */
/** Reviews in an order's panel (purchases and sales) after completion: write, edit for 24 h, answer. */
export { OrderReview } from './order-review-part';
/** The seller page's reviews (server-rendered, «Показать ещё») and the rating line of a seller card. */
export { RatingBars, RatingLine, SellerReviews } from './seller-reviews';
/** Stars as text, announced «Оценка N из 5». */
export { Stars } from './stars';
