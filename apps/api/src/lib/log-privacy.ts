/**
 * What request logs may show (issue 3: no code, token or full phone number in logs). The request line is
 * logged with its query, and two calls carry secrets there: the development SMS outbox
 * (`/v1/dev/sms-outbox/?phone=…`) and the notifications socket (`/ws/notifications/?token=…`).
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log. */
const SECRET_PARAMS = /([?&](?:token|phone|code)=)[^&#]*/gi;

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
