/**
 * Bodies for the fuzz (./requests.ts): forms for the calls that read multipart/urlencoded fields (which the OpenAPI
 * document does not describe), raw bodies no call expects, and the URL encoding of hostile values.
 */
import fc from 'fast-check';
import { hostileJson, hostileText, LONG_TEXT, type Hints } from './schema-arbitraries.js';

/** What a body adds to a request: its headers, payload and a note of how it was made. */
export interface BodyPart {
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
}

/** Percent-encodes a value for a URL; a lone surrogate (which encodeURIComponent refuses) becomes bad UTF-8. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9]/g, (c) => encodeURIComponent(c));
  }
}

/** Form fields our multipart/urlencoded calls read, with values that pass their checks. */
const FORM_FIELDS: Record<string, readonly string[]> = {
  title: ['Куртка джинсовая'],
  description: ['Почти новая'],
  condition: ['good', 'new'],
  color: ['black'],
  sizes: ['[{"size":"M","price":2500,"count":1}]', '[]', '[{"size":"M","price":-1,"count":1e308}]'],
  draft: ['true', 'false'],
  publish: ['true'],
  remove_photos: ['[1]', '[]'],
  photo_order: ['[1,2]'],
  first_name: ['Анна'],
  last_name: ['Тестова'],
  city: ['Казань'],
  card_token: ['tok_x'],
  name: ['Дом'],
  address: ['г. Москва, ул. Тверская, д. 7'],
  point_id: ['MSK001'],
  delivery_service_type: ['cdek', 'boxberry'],
  is_default: ['true'],
};

/** A fixture value as text. */
export const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A file part: its field (null: a part without `name=`), a (possibly hostile) name, a content type and the bytes. */
interface FilePart {
  name: string | null;
  filename: string;
  type: string;
  data: Buffer;
}

/** `Content-Disposition` of a part: `form-data` with the field's name, or without `name=` for `null`. */
const disposition = (name: string | null) => `Content-Disposition: form-data${name === null ? '' : `; name="${name}"`}`;

/** A multipart body of `fields` (a `null` name: a part without `name=`) and maybe a file. */
function multipartBody(fields: [string | null, string][], file: FilePart | null) {
  const b = 'fuzzBoundary7MA4YWxk';
  const parts: Buffer[] = fields.map(([k, v]) => Buffer.from(`--${b}\r\n${disposition(k)}\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${b}\r\n${disposition(file.name)}; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  return { boundary: b, body: Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]) };
}

/**
 * Form bodies: a plausible form (most fields with values that pass, fixtures from `hints` — brand and category
 * ids, a card token) with one or two fields made hostile, maybe a file (junk or `hints.image`, a real JPEG) with
 * a hostile name, maybe a part without `name=` (text or file); sent whole, cut in half, without its closing
 * boundary or without a boundary; or urlencoded, or JSON, or raw.
 */
export const formArb = (hints: Hints): fc.Arbitrary<BodyPart> => {
  const names = Object.keys(FORM_FIELDS);
  const plausibleValue = (name: string) => fc.constantFrom(...FORM_FIELDS[name]!, ...(hints[name] ?? []).map(text));
  const base = fc
    .subarray(names, { minLength: Math.floor(names.length / 2) })
    .chain((keys) => fc.tuple(...keys.map((k) => plausibleValue(k).map((v): [string, string] => [k, v]))));
  const hostile = fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, hostileText()), hostileText());
  const fields = fc
    .tuple(base, fc.array(hostile, { maxLength: 2 }))
    .map(([f, bad]) => [...f.filter(([k]) => !bad.some(([b]) => b === k)), ...bad]);
  const images = (hints.image ?? []) as Buffer[];
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('photos', 'avatar', 'file', 'title', null),
      filename: fc.oneof(fc.constantFrom('a.jpg', '../../x.jpg', 'a\u0000.jpg', 'ф"\r\n.jpg', '.jpg'), hostileText()),
      type: fc.constantFrom('image/jpeg', 'image/heic', 'text/html', 'application/json', ''),
      data: fc.constantFrom(Buffer.from('\u00ff\u00d8\u00ffjunk', 'latin1'), Buffer.alloc(0), ...images),
    }),
    { freq: 3 },
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fields,
          file,
          fc.constantFrom('whole', 'whole', 'cut', 'no-boundary', 'no-end'),
          // One form in six also carries a text part without `name=` (every multipart reader must refuse it: 400).
          fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileText() }),
        )
        .map(([f, fl, how, nameless]) => {
          const { boundary, body } = multipartBody(nameless === null ? f : [[null, nameless], ...f], fl);
          const cut =
            how === 'cut'
              ? body.subarray(0, Math.floor(body.length / 2))
              : how === 'no-end'
                ? body.subarray(0, body.length - boundary.length - 6)
                : body;
          return {
            headers: {
              'content-type':
                how === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
            },
            payload: cut,
            what: `multipart ${how}${nameless === null ? '' : ' with a nameless part'} ${JSON.stringify(f).slice(0, 300)}${fl ? ` file ${JSON.stringify({ ...fl, data: fl.data.length })}` : ''}`,
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fields.map((f) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: f.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'),
        what: `urlencoded form ${JSON.stringify(f).slice(0, 300)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...names), hostileJson(), { maxKeys: 4 }).map((o) => ({
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(o),
        what: 'JSON object instead of a form',
      })),
    },
    { weight: 1, arbitrary: rawBodyArb() },
    { weight: 1, arbitrary: fc.constant({ headers: {}, what: 'no body' }) },
  );
};

/** Bodies that are not what any call expects: broken JSON, deep nesting, 1e999, odd content types. */
export const rawBodyArb = (): fc.Arbitrary<BodyPart> =>
  fc
    .tuple(
      fc.constantFrom(
        '{"a":',
        '{"a":1}}',
        '[1,2',
        '{"n":1e999}',
        '{"s":"\\u0000"}',
        '{"s":"\\ud800"}',
        '\u0000',
        'null',
        '"string"',
        '12',
        '['.repeat(10_000) + ']'.repeat(10_000),
        `{"x":"${LONG_TEXT}"}`,
        '<xml/>',
        'a=1&b=2',
      ),
      fc.constantFrom(
        'application/json',
        'application/json; charset=koi8-r',
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'image/jpeg',
        'application/octet-stream',
        'application/vnd.api+json',
      ),
    )
    .map(([payload, type]) => ({
      headers: { 'content-type': type },
      payload,
      what: `raw ${type} ${payload.slice(0, 30)}`,
    }));
