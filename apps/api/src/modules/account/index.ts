/** Deleting one's account (152-ФЗ): the public face of the account module. */
/** Routes: `POST /v1/users/me/delete/send-code/`, `POST /v1/users/me/delete/`. */
export { default as accountRoutes } from './routes.js';
/** The domain event of an erased account: `{userId}`, written in the erasure's transaction. */
export { USER_DELETED_EVENT } from './service.js';
