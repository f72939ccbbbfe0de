/** Development-only calls (architecture §3; 404 in production): the public face of the dev module. */
/** Routes: the SMS outbox. */
export { default as devRoutes } from './routes.js';
