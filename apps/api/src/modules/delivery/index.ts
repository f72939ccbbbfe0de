/** Delivery points and pickup points (spec §7 `/v1/delivery-points/…`): the public face of the delivery module. */
/** Routes: the user's delivery points, pickup-point search and cities. */
export { default as deliveryRoutes } from './routes.js';
/** The caller's own delivery point row by id (404 otherwise), and its API shape. */
export { getOwnDeliveryPoint, serializeDeliveryPoint } from './service.js';
