/**
 * The preamble every staff route of the content module shares (admin-routes.ts, compilations-routes.ts): the
 * OpenAPI tag «Администрирование», the token security and the error answers of a staff call — 400 (a detail or
 * field errors), 401 without a token, 403 for anyone but staff (the plugin's `onRequest` guard), 404.
 */
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';
import { idPathParams } from '@vitrina/contract/orders';
import { ADMIN_TAG } from '../disputes/index.js';

const staffErrors = {
  400: z.union([detailError, fieldErrors]),
  401: detailError,
  403: detailError,
  404: detailError,
};

/**
 * A staff route's schema: `schema` (summary, params, body, the route's own answers) with the shared tag, security
 * and error answers added after the route's own.
 * @param schema the route's own part; `response` holds at least its success answer
 */
export function staffSchema<S extends { response: Record<number, z.ZodType> }>(schema: S) {
  return {
    tags: [ADMIN_TAG],
    security: [{ token: [] }],
    ...schema,
    response: { ...schema.response, ...staffErrors },
  };
}

/**
 * The schema of a cover upload (`…/cover/`, multipart `cover`), answering `answer` with the object.
 * @param summary the route's OpenAPI summary («Обложка записи»)
 */
export function coverSchema<A extends z.ZodType>(summary: string, answer: A) {
  return staffSchema({
    summary,
    description: 'multipart/form-data: cover — JPEG/PNG/WebP/HEIC до 15 МБ; без файла обложка удаляется.',
    consumes: ['multipart/form-data'],
    params: idPathParams,
    response: { 200: answer, 413: detailError, 415: detailError },
  });
}
