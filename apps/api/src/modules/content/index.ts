/** Static content calls (spec §7): the public face of the content module. */
/** Routes of the content calls. */
export { default as contentRoutes } from './routes.js';
