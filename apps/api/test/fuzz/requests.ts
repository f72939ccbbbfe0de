/**
 * Hostile requests for one OpenAPI operation (issue 15, «bad input is 4xx, never 5xx»): path parameters of the
 * wrong shape, query values at the edges, JSON bodies with a field missing, of the wrong type, at a boundary or
 * unknown, raw bodies that are not JSON, wrong content types, and — for form calls, whose multipart fields the
 * document does not describe — multipart/urlencoded forms with hostile values, file names and truncated bodies.
 */
import fc from 'fast-check';
import {
  DELETE,
  hostileJson,
  hostileText,
  jsonPaths,
  LONG_TEXT,
  replaceAt,
  validValue,
  type Hints,
  type Schema,
} from './schema-arbitraries.js';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** The templated path, `/v1/products/{id}/`. */
  path: string;
  params: { name: string; in: string; required?: boolean; schema?: Schema }[];
  /** The JSON body schema, when the operation declares one. */
  body?: Schema;
}

/** A request ready for `app.inject`; `what` says which mutation made it (for failure reports). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: Schema }> } }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document (hidden routes are not in it), `/v1/dev/` ones last: they move the clock. */
export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out.sort((a, b) => Number(a.path.startsWith('/v1/dev/')) - Number(b.path.startsWith('/v1/dev/')));
}

/** Dereferences `#/components/schemas/X` in `doc`. */
export const resolver =
  (doc: OpenApiDoc) =>
  (s: Schema): Schema =>
    s.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s;

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

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A multipart body of `fields` (and maybe a file with a hostile name), sometimes cut short. */
function multipartBody(fields: [string, string][], file: { name: string; filename: string; type: string } | null) {
  const b = 'fuzzBoundary7MA4YWxk';
  const parts = fields.map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file)
    parts.push(
      `--${b}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n\u00ff\u00d8\u00ffjunk\r\n`,
    );
  return { boundary: b, body: Buffer.from(`${parts.join('')}--${b}--\r\n`) };
}

const formArb = (hints: Hints): fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> => {
  const names = Object.keys(FORM_FIELDS);
  const plausible = fc
    .constantFrom(...names)
    .chain((name) =>
      fc.tuple(fc.constant(name), fc.constantFrom(...FORM_FIELDS[name]!, ...(hints[name] ?? []).map(text))),
    );
  const hostile = fc.tuple(fc.oneof(fc.constantFrom(...names), hostileText()), hostileText());
  const fields = fc.array(fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 1, arbitrary: hostile }), {
    maxLength: 8,
  });
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('photos', 'avatar', 'file', 'title'),
      filename: fc.oneof(fc.constantFrom('a.jpg', '../../x.jpg', 'a\u0000.jpg', 'ф"\r\n.jpg', '.jpg'), hostileText()),
      type: fc.constantFrom('image/jpeg', 'image/heic', 'text/html', 'application/json', ''),
    }),
    { freq: 3 },
  );
  return fc.oneof(
    fc.tuple(fields, file, fc.constantFrom('whole', 'cut', 'no-boundary', 'no-end')).map(([f, fl, how]) => {
      const { boundary, body } = multipartBody(f, fl);
      const cut =
        how === 'cut'
          ? body.subarray(0, Math.floor(body.length / 2))
          : how === 'no-end'
            ? body.subarray(0, body.length - boundary.length - 6)
            : body;
      return {
        headers: {
          'content-type': how === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
        },
        payload: cut,
        what: `multipart ${how} ${JSON.stringify(f.map(([k]) => k))}${fl ? ` file ${JSON.stringify(fl)}` : ''}`,
      };
    }),
    fields.map((f) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: f.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'),
      what: 'urlencoded form',
    })),
    fc.dictionary(fc.constantFrom(...names), hostileJson(), { maxKeys: 4 }).map((o) => ({
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(o),
      what: 'JSON object instead of a form',
    })),
    rawBodyArb(),
    fc.constant({ headers: {}, what: 'no body' }),
  );
};

/** Bodies that are not what any call expects: broken JSON, deep nesting, 1e999, odd content types. */
const rawBodyArb = (): fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> =>
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

/** JSON bodies for an operation with a body schema: valid, then one field dropped, replaced or added. */
const jsonBodyArb = (schema: Schema, hints: Hints, resolve: (s: Schema) => Schema) => {
  const base = validValue(schema, hints, resolve);
  const json = (what: string) => (payload: unknown) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload) ?? 'null',
    what,
  });
  const atPath = base.chain((value) => {
    const paths = jsonPaths(value);
    return fc.tuple(fc.constant(value), fc.constantFrom(...paths), hostileJson());
  });
  return fc.oneof(
    { weight: 2, arbitrary: base.map(json('valid body')) },
    { weight: 3, arbitrary: atPath.map(([v, p, h]) => json(`${JSON.stringify(p)} → hostile`)(replaceAt(v, p, h))) },
    {
      weight: 2,
      arbitrary: atPath
        .filter(([, p]) => p.length > 0)
        .map(([v, p]) => json(`${JSON.stringify(p)} dropped`)(replaceAt(v, p, DELETE))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.oneof(hostileText(), fc.constant('__proto__')), hostileJson())
        .map(([v, k, h]) =>
          json(`unknown field ${JSON.stringify(k).slice(0, 40)}`)(
            v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [k]: h } : [v, h],
          ),
        ),
    },
    { weight: 1, arbitrary: hostileJson().map(json('whole body hostile')) },
    { weight: 2, arbitrary: rawBodyArb() },
    {
      weight: 1,
      arbitrary: base.map((v) => ({
        headers: {},
        payload: JSON.stringify(v) ?? '',
        what: 'JSON without content-type',
      })),
    },
  );
};

/** Odd headers: a broken Authorization, huge or control-character values. */
const headersArb = (signedIn: boolean) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({} as Record<string, string>) },
    {
      weight: signedIn ? 0 : 2,
      arbitrary: fc
        .constantFrom(
          'Token ',
          'Token abc def',
          'Bearer x',
          'Token ' + 'a'.repeat(5000),
          'Token \u00ff\u00fe',
          'Basic Og==',
        )
        .map((authorization) => ({ authorization })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'accept-language': 'x'.repeat(8000) },
        { 'x-forwarded-for': 'not-an-ip, ::::' },
        { accept: 'application/xml' },
        { 'if-none-match': '"\u00ff"' },
      ),
    },
  );

/**
 * Requests for `op`: path parameters from `hints` (fixtures) or hostile, declared query parameters valid, hostile
 * or repeated plus an unknown one, and a body as the operation takes it.
 * @param hints fixture values by parameter/property name (`id`, `slug`, …)
 * @param auth the owner's Authorization header for a signed-in run, or null
 */
export function requestArb(
  op: Operation,
  hints: Hints,
  resolve: (s: Schema) => Schema,
  auth: string | null,
): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const paramValue = (p: Operation['params'][number]) =>
    fc.oneof(
      { weight: 3, arbitrary: validValue(p.schema ?? {}, hints, resolve, p.name).map(text) },
      { weight: 2, arbitrary: hostileText() },
    );
  const path = fc
    .tuple(...pathParams.map((p) => paramValue(p).map((v) => [p.name, v] as const)))
    .map((pairs) => pairs.reduce((url, [name, v]) => url.replace(`{${name}}`, encode(v) || '%20'), op.path));
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) =>
          fc.option(
            paramValue(p).map((v) => [p.name, v] as const),
            { freq: 2 },
          ),
        ),
      ),
      fc.option(
        fc.tuple(fc.oneof(hostileText(), fc.constantFrom(...queryParams.map((p) => p.name), 'page')), hostileText()),
      ),
    )
    .map(([declared, extra]) => {
      const pairs = [...declared.filter((x) => x !== null), ...(extra ? [extra] : [])];
      return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
    });
  const body: fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> = op.body
    ? jsonBodyArb(op.body, hints, resolve)
    : op.method === 'GET'
      ? fc.oneof(
          { weight: 5, arbitrary: fc.constant({ headers: {}, what: 'no body' }) },
          { weight: 1, arbitrary: rawBodyArb() },
        )
      : formArb(hints);
  return fc.tuple(path, query, body, headersArb(auth !== null)).map(([p, q, b, h]) => ({
    method: op.method,
    url: p + q,
    headers: { ...h, ...b.headers, ...(auth ? { authorization: auth } : {}) },
    payload: b.payload,
    what: b.what,
  }));
}
