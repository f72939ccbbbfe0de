/**
 * preValidation for JSON-only calls (sign-in, orders, shipping): a missing body is validated as `{}` so the answer names
 * the missing fields, and a multipart/urlencoded form is refused with a Russian 415 instead of being read as an
 * empty body ("получено null").
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** @throws ApiError 415 `{detail}` for a multipart body */
export async function requireJsonBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) {
    throw new ApiError(415, { detail: 'Отправьте данные как JSON (Content-Type: application/json), а не как форму.' });
  }
  if (request.body === undefined || request.body === null) request.body = {};
}
