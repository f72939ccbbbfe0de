/**
 * What request logs may show (no code, token or full phone number in logs). The request line is
 * logged with its query, and calls carry secrets there: the development SMS outbox (`/v1/dev/sms-outbox/?phone=…`),
 * the notifications socket (`/ws/notifications/?token=…`), the account page back from the bank
 * (`/account?card_state=…&card_token=…`), the test bank's page (`/testgateway/pay/{id}?key=…`). Every parameter
 * whose name contains `token`, `key`, `state`, `secret` or `password` (any case, any prefix: `card_token`,
 * `refresh_token`), and `phone` and `code`, is masked.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log. */
const SECRET_PARAMS = /([?&](?:[^=&#]*(?:token|key|state|secret|password)[^=&#]*|phone|code)=)[^&#]*/gi;

/** The URL with secret query values replaced by `***`. */
export const maskUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

/** Pino serializers for Fastify: the usual request fields, with the URL masked. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
