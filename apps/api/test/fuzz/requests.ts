/**
 * Hostile requests for one OpenAPI operation («bad input is 4xx, never 5xx»): path parameters of the
 * wrong shape, query values at the edges, JSON bodies with a field missing, of the wrong type, at a boundary or
 * unknown, raw bodies that are not JSON, wrong content types, and — for form calls, whose multipart fields the
 * document does not describe — multipart/urlencoded forms with hostile values, file names and truncated bodies.
 */
import fc from 'fast-check';
import { encode, formArb, rawBodyArb, text, type BodyPart } from './bodies.js';
import {
  DELETE,
  hostileJson,
  hostileText,
  jsonPaths,
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
  /** Whether the document says it needs a token (`security`). */
  secured: boolean;
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
      {
        parameters?: Operation['params'];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        security?: unknown[];
      }
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
        secured: Boolean(op.security?.length),
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
  const body: fc.Arbitrary<BodyPart> = op.body
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
