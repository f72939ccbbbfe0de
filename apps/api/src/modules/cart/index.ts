/** The signed-in buyer's cart on the server (contract `@vitrina/contract/cart`): the public face of the cart module. */
/** Routes `GET`/`PUT /v1/cart/`, `POST /v1/cart/merge/`, and the removal of paid lines on `order.paid`. */
export { default as cartRoutes } from './routes.js';
