/** Subscriptions between users (spec §7 `/v1/subscriptions/…`): the public face of the social module. */
/** Routes: subscribe, unsubscribe, subscriber and subscription lists. */
export { default as socialRoutes } from './routes.js';
/** A user's avatar as an API image (`null` without one). */
export { avatarImage } from './service.js';
/** Event `social.subscribed` `{subscriberId, targetId}`: emitted when a subscription is made (not on a repeat). */
export { SUBSCRIBED_EVENT } from './service.js';
/** SQL: whether a user has a public seller page (a live account with a published listing). */
export { hasPublicPageSql } from './service.js';
