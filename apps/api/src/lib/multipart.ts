/**
 * Reading multipart bodies safely (architecture §3: nothing a client sends is a 500). Every error
 * `@fastify/multipart` and its parser (busboy) raise while a reader walks `request.parts()` becomes a Russian
 * 400 or 413, naming the field where the error knows it:
 *
 * | what the client sent                                   | raised as                                   | answer |
 * | ------------------------------------------------------ | ------------------------------------------- | ------ |
 * | `multipart/form-data` without a boundary               | busboy «Multipart: Boundary not found»      | 400    |
 * | a body cut short / no closing boundary                 | busboy «Unexpected end of multipart data», «Part terminated early…», `FST_MP_PREMATURE_CLOSE` | 400 |
 * | a field named `__proto__`, `constructor`, …            | `FST_PROTO_VIOLATION`                        | 400    |
 * | a part typed `application/json` that is not JSON       | `FST_INVALID_JSON_FIELD_ERROR`               | 400    |
 * | more files / fields / parts than allowed               | `FST_FILES_LIMIT`, `FST_FIELDS_LIMIT`, `FST_PARTS_LIMIT` | 400 |
 * | a file over the size limit                             | `FST_REQ_FILE_TOO_LARGE`                     | 413    |
 * | not multipart at all                                   | `FST_INVALID_MULTIPART_CONTENT_TYPE`         | 415    |
 *
 * and, checked on each part by {@link checkFilePart}: a part without `name=` → 400; on each text part by
 * {@link formFieldValue}: a value over {@link FORM_LIMITS}`.fieldBytes` (busboy
 * silently cuts it) → 413 naming the field; a field name over `fieldNameBytes` → 400; U+0000 in a name or value
 * (PostgreSQL text cannot hold it) → 400 naming the field, and ({@link checkFilePart}) in a file name → 400.
 */
import type { Multipart, MultipartValue } from '@fastify/multipart';
import { ApiError, badRequest, NUL_MESSAGE } from './errors.js';

/** Limits of every multipart body (app.ts passes them to `@fastify/multipart`; files have their own size). */
export const FORM_LIMITS = {
  files: 10,
  fields: 40,
  parts: 60,
  /** Bytes of one text value. */
  fieldBytes: 64 * 1024,
  /** Bytes of one field name. */
  fieldNameBytes: 100,
} as const;

/** What a reader says about its files (the field name and its own messages). */
export interface FileRules {
  /** The file field (`photos`, `avatar`); errors about files are reported under it. */
  field: string;
  /** 413 message for a file over the size limit. */
  tooLarge: string;
  /** 400 message for more files than allowed. */
  tooMany: string;
}

/** Generic file rules for forms whose files are ignored (delivery points, cards). */
const ANY_FILES: FileRules = {
  field: 'non_field_errors',
  tooLarge: 'Файл слишком большой.',
  tooMany: `Слишком много файлов в форме: не больше ${FORM_LIMITS.files}.`,
};

/** The Russian message for a file name that carries U+0000. */
export const NUL_FILENAME_MESSAGE = 'Недопустимый символ в имени файла: уберите нулевой байт (\\u0000).';

const TRUNCATED = 'Форма пришла не полностью: тело запроса оборвалось. Отправьте её ещё раз.';

/**
 * The value of a text part, checked.
 * @returns the string value (a part typed `application/json`, which the plugin parses, as its JSON text)
 * @throws ApiError 413 `{field: […]}` for a value the parser cut at {@link FORM_LIMITS}`.fieldBytes`; 400 for a cut
 *   field name or U+0000 in the name or value
 */
export function formFieldValue(part: MultipartValue): string {
  if (part.fieldnameTruncated)
    throw badRequest(`Слишком длинное имя поля формы: не больше ${FORM_LIMITS.fieldNameBytes} байт.`);
  const name = part.fieldname;
  if (name.includes('\u0000')) throw badRequest({ non_field_errors: [NUL_MESSAGE] });
  if (part.valueTruncated)
    throw new ApiError(413, {
      [name]: [`Значение поля слишком длинное: не больше ${FORM_LIMITS.fieldBytes / 1024} КБ.`],
    });
  const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
  if (value.includes('\u0000')) throw badRequest({ [name]: [NUL_MESSAGE] });
  return value;
}

/** The Russian message for a part whose `Content-Disposition: form-data` names no field (no `name=`). */
export const NAMELESS_PART_MESSAGE =
  'У части формы нет имени поля: в заголовке Content-Disposition нужен параметр name="…".';

/**
 * Checks a part's field name and file name (call it first on every part, text or file): a part without a field
 * name (`Content-Disposition: form-data` without `name=`, which busboy hands over with `fieldname` undefined) is
 * refused; U+0000 in the field name cannot be named back to the client safely; in a file name it is refused as
 * anywhere else (NUL bytes anywhere are a 400).
 * @throws ApiError 400 for a part without a name (`{detail}`), U+0000 in the field name (`non_field_errors`) or the
 *   file name (`{field: […]}`)
 */
export function checkFilePart(part: Multipart): void {
  if (typeof part.fieldname !== 'string' || part.fieldname === '') {
    if (part.type === 'file') part.file.resume();
    throw badRequest(NAMELESS_PART_MESSAGE);
  }
  if (part.fieldname.includes('\u0000')) {
    if (part.type === 'file') part.file.resume();
    throw badRequest({ non_field_errors: [NUL_MESSAGE] });
  }
  if (part.type === 'file' && part.filename.includes('\u0000')) {
    part.file.resume();
    throw badRequest({ [part.fieldname]: [NUL_FILENAME_MESSAGE] });
  }
}

/**
 * Maps an error thrown while reading `request.parts()` (see the table above) to the Russian answer.
 * @param err what the iteration (or the reader's own checks) threw
 * @param files the reader's file field and messages (default: files are not expected)
 * @returns an ApiError to throw, or `err` itself when it is not a multipart error (a server fault stays one)
 */
export function multipartError(err: unknown, files: FileRules = ANY_FILES): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, { [files.field]: [files.tooLarge] });
    case 'FST_FILES_LIMIT':
      return badRequest({ [files.field]: [files.tooMany] });
    case 'FST_FIELDS_LIMIT':
      return badRequest(`Слишком много полей в форме: не больше ${FORM_LIMITS.fields}.`);
    case 'FST_PARTS_LIMIT':
      return badRequest(`Слишком много частей в форме: не больше ${FORM_LIMITS.parts}.`);
    case 'FST_PROTO_VIOLATION':
      return badRequest('Недопустимое имя поля формы (например, __proto__ или constructor).');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('Поле формы с типом application/json содержит неверный JSON.');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(TRUNCATED);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, { detail: 'Отправьте форму как multipart/form-data.' });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest('Не удалось прочитать форму (multipart).');
  const message = err instanceof Error ? err.message : '';
  if (/boundary/i.test(message))
    return badRequest('В заголовке Content-Type формы нет boundary: отправьте форму как multipart/form-data.');
  if (/unexpected end of multipart|terminated early/i.test(message)) return badRequest(TRUNCATED);
  if (/multipart|malformed|part header/i.test(message)) return badRequest('Не удалось прочитать форму (multipart).');
  return err;
}
