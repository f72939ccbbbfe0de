/**
 * fast-check arbitraries over the JSON-schema keywords our OpenAPI document uses (type, enum, anyOf/oneOf,
 * properties/required, items/minItems/maxItems, minLength/maxLength, minimum/maximum/exclusiveMinimum,
 * nullable): a value the schema accepts ({@link validValue}) and hostile values a client may send instead
 * ({@link hostileJson}, {@link hostileText}). No library derives these (the ones on npm only make valid data).
 */
import fc from 'fast-check';

/** The part of a JSON schema the generator reads. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  $ref?: string;
}

/** Values a property of this name should take to reach past validation (fixture slugs, ids, sizes). */
export type Hints = Record<string, readonly unknown[]>;

const INT32 = 2 ** 31 - 1;

/**
 * A value `schema` accepts; properties named in `hints` take one of the hinted values.
 * @param resolve dereferences a `$ref` (the OpenAPI components), identity when there are none
 */
export function validValue(
  schema: Schema,
  hints: Hints,
  resolve: (s: Schema) => Schema,
  name = '',
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const hinted = name && hints[name];
  if (hinted && hinted.length) return fc.constantFrom(...hinted);
  const inner = validInner(s, hints, resolve, name);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) }) : inner;
}

function validInner(s: Schema, hints: Hints, resolve: (s: Schema) => Schema, name: string): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validValue(a, hints, resolve, name)));
  if (s.allOf?.length) return validValue(s.allOf[0]!, hints, resolve, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 12, 12)),
      });
    case 'integer':
    case 'number': {
      const lowExclusive = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
      const low = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : (s.minimum ?? -INT32);
      const highExclusive = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number';
      const high = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : (s.maximum ?? INT32);
      const min = Math.max(-INT32, Math.ceil(low) + (lowExclusive ? 1 : 0));
      const max = Math.min(INT32, Math.floor(high) - (highExclusive ? 1 : 0));
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const item = s.items ? validValue(s.items, hints, resolve, name) : fc.anything();
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)) });
    }
    default: {
      if (!s.properties) return type === 'object' ? fc.constant({}) : fc.jsonValue({ maxDepth: 2 });
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(s.properties)) model[key] = validValue(prop, hints, resolve, key);
      const required = (s.required ?? []).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
  }
}

/** 100 KB of text: past any field limit, short of the 1 MB body limit. */
export const LONG_TEXT = 'я'.repeat(50_000);

/** Numbers at the edges of the columns and of JSON: 0, −1, 2³¹, 2⁵³, 1e308 and friends. */
export const BOUNDARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
] as const;

/** Strings that break naive code: NUL and control characters, broken unicode, numbers in words, markup. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f',
  '\ud800',
  '\udfff\ud800',
  '\u202eRTL',
  '\u200b\ufeff',
  'е\u0301\u0308\u0327',
  '👗👠👜',
  '\uffff\ufffe',
  '0',
  '-1',
  '2147483648',
  '9007199254740993',
  '1e308',
  '1e999',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"a":1}',
  '%',
  '%00',
  '%zz',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '$where',
  '__proto__',
  'constructor',
] as const;

/** A hostile string: one of the list, a long one, or random unicode (control characters included). */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.constant(LONG_TEXT) },
    { weight: 1, arbitrary: fc.constant('1'.repeat(400)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS).map(String) },
  );

/** Nested arrays `depth` deep (`[[[…]]]`). */
export const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
};

/** A JSON value of the wrong type or at an edge: numbers, strings, null, objects, arrays, deep nesting. */
export const hostileJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...BOUNDARY_NUMBERS) },
    { weight: 5, arbitrary: hostileText() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        nested(500),
        Array.from({ length: 5000 }, (_, i) => i),
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":1}}')) },
  );

/** Every path into a JSON value (`[]` is the value itself), objects and arrays walked. */
export function jsonPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...jsonPaths(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...jsonPaths(v, [...prefix, k]));
  return out;
}

/**
 * A copy of `value` with the element at `path` replaced by `replacement` (or deleted when it is `DELETE`).
 */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === DELETE) copy.splice(head as number, 1);
    else copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === DELETE) delete copy[head as string];
  else copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}
/** Marker for {@link replaceAt}: remove the element. */
export const DELETE = Symbol('delete');
