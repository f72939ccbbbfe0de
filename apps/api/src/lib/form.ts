/**
 * Reads the text fields of a multipart body (spec §7: delivery points, cards are multipart). A JSON or
 * urlencoded object body is accepted as well; uploaded files are drained and ignored.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, type FieldErrors } from './errors.js';
import { checkFilePart, formFieldValue, multipartError } from './multipart.js';

/**
 * @returns field name → last string value
 * @throws ApiError 400 when the body is neither multipart nor an object, or a JSON field is an object/array
 *   (`{field: ['Ожидалась строка…']}`); a broken multipart body, U+0000 in a field or a limit passed is a 400 or
 *   413 (see `./multipart.ts`)
 */
export async function readFormFields(request: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        checkFilePart(part);
        if (part.type === 'file') {
          part.file.resume();
          continue;
        }
        out[part.fieldname] = formFieldValue(part);
      }
    } catch (err) {
      throw multipartError(err);
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
    else out[k] = String(v as string | number | boolean);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}
