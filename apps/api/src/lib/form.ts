/**
 * Reads the text fields of a multipart body (spec §7: delivery points, cards are multipart). A JSON or
 * urlencoded object body is accepted as well; uploaded files are drained and ignored.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, type FieldErrors } from './errors.js';

/**
 * @returns field name → last string value
 * @throws ApiError 400 when the body is neither multipart nor an object, or a JSON field is an object/array
 *   (`{field: ['Ожидалась строка…']}`)
 */
export async function readFormFields(request: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          continue;
        }
        out[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (err instanceof ApiError || (status && status >= 400 && status < 500 && status !== 400)) throw err;
      throw badRequest('Неверные данные формы (multipart).');
    }
    return out;
  }
  const body = request.body;
  if (body === undefined || body === null) return out;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Ожидались поля формы.');
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object') errors[k] = ['Ожидалась строка, а не объект или список.'];
    else out[k] = String(v);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}
