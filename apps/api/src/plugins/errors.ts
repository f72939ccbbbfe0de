/**
 * One error handler that speaks DRF and Russian (architecture §3): domain `ApiError`s, zod validation
 * errors (`{field: [msg]}`), malformed JSON/multipart, oversized uploads (413), rate limits (429),
 * and unknown `/v1` paths (404). Anything unexpected is logged and answered as a bare 500 without details.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, OVERLOAD_DETAIL, type FieldErrors } from '../lib/errors.js';

/** Turns zod/ajv validation issues into DRF field errors. */
export function validationToFieldErrors(
  validation: { instancePath?: string; schemaPath?: string; message?: string; params?: Record<string, unknown> }[],
  context?: string,
): FieldErrors {
  const out: FieldErrors = {};
  for (const v of validation) {
    const parts = (v.instancePath ?? '').split('/').filter(Boolean);
    type Issue = { code?: string; input?: unknown; expected?: string; origin?: string };
    const params = v.params as (Issue & { issue?: Issue }) | undefined;
    const missing = params?.issue;
    let field = parts.join('.') || (context === 'body' ? 'non_field_errors' : (context ?? 'non_field_errors'));
    let msg = v.message ?? 'Неверное значение.';
    if (missing?.code === 'invalid_type' && missing.input === undefined) msg = 'Обязательное поле.';
    // fastify-type-provider-zod flattens the zod issue into `params` (its code ends `schemaPath`).
    const code = v.schemaPath?.split('/').pop();
    if (
      context === 'params' &&
      (params?.expected === 'number' || params?.expected === 'int' || params?.origin === 'number')
    ) {
      // Numbers in the path (`/v1/products/abc/`): one plain message instead of zod's generic wording.
      msg = 'В адресе ожидается номер — целое положительное число.';
    } else if (
      context === 'querystring' &&
      code === 'invalid_type' &&
      params?.expected === 'string' &&
      /массив|array/i.test(msg)
    ) {
      msg = 'Параметр указан несколько раз: оставьте одно значение.';
    }
    if (!parts.length && context === 'body' && /object|array/.test(msg)) field = 'non_field_errors';
    (out[field] ??= []).push(msg);
  }
  return out;
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or hook runs, which it
 * would otherwise answer in English (`{"error":"Bad Request","code":"FST_ERR_BAD_URL",…}`). A broken
 * percent-escape in the path (`/product/%E0%A4%A`) is a Russian 400; a path segment longer than the
 * router's limit is the plain 404 (no slug or id is that long), so a product page with such an address
 * renders the 404 page instead of failing on its API call.
 * @param err the router's error (`code` FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH or another)
 * @param request the request (only its log is used)
 * @param reply the reply to send the JSON answer with
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send({ detail: 'Неверный адрес: в нём испорченная %-последовательность. Проверьте ссылку.' });
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send({ detail: 'Страница не найдена.' });
  } else {
    request.log.error({ err }, 'router error');
    void reply.status(500).send({ detail: 'Внутренняя ошибка сервера. Мы уже разбираемся.' });
  }
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // An upload past the limits is cut off: the connection closes after the answer, so the client stops
    // sending the rest of a 100 MB body instead of the server draining it.
    if (err.statusCode === 413) reply.header('connection', 'close');
    if (err instanceof ApiError) {
      // A service that failed behind a 5xx (the media storage…) carries what failed as `cause`: the operator's log.
      if (err.statusCode >= 500 && err.cause) request.log.error({ err: err.cause }, err.message);
      return reply.status(err.statusCode).headers(err.headers).send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send(validationToFieldErrors(err.validation, err.validationContext));
    }
    const code = err.code ?? '';
    const status = err.statusCode ?? 500;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ detail: `Неподдерживаемый тип данных «${request.headers['content-type'] ?? ''}».` });
    }
    if (
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.status(400).send({ detail: 'Неверный JSON в теле запроса.' });
    }
    if (
      code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      status === 413
    ) {
      return reply.status(413).send({ detail: 'Слишком большой запрос или файл.' });
    }
    if (status === 503 && code === 'FST_UNDER_PRESSURE') {
      // Overload (`@fastify/under-pressure` set Retry-After): refused at once rather than queued.
      return reply.status(503).send({ detail: OVERLOAD_DETAIL });
    }
    if (status === 429) {
      return reply.status(429).send({ detail: 'Слишком много запросов. Попробуйте позже.' });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err }, 'client error');
      return reply.status(status).send({ detail: status === 404 ? 'Страница не найдена.' : 'Неверный запрос.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Внутренняя ошибка сервера. Мы уже разбираемся.' });
  });
});
