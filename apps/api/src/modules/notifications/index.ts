/** Notifications (spec §7, `/ws/notifications/`): the public face of the notifications module. */
/** Routes of the notifications calls. */
export { default as notificationsRoutes } from './routes.js';
