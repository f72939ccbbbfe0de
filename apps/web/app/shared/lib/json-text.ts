/**
 * Route data that travels as JSON text.
 *
 * React Router hands a loader's answer to the browser through turbo-stream, which walks it value by value: every
 * object, array, string and number gets an index in a `Map` and a piece of its own. For a listing page's 24 cards
 * and the filters' reference data (brands, categories, colours) that walk costs more than the rest of the page's
 * data together — about 0.5 ms of a cold page. A big part of plain JSON goes as one string instead:
 * `JSON.stringify` is native, turbo-stream then handles a single value, and the browser parses it once.
 *
 * - A loader wraps such a part with {@link toJsonText}.
 * - A screen reads it with a {@link jsonReader}. In the browser the reader keeps what it parsed, so a screen and its
 *   parts read the same text without parsing it twice. On the server it keeps nothing: every request parses its
 *   own texts, and no value outlives the request that made it (docs/decisions/0010-render-on-public-paths.md).
 */

declare const jsonOf: unique symbol;

/** The JSON text of a value of type `T`: a string as far as turbo-stream and the page are concerned. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/**
 * The JSON text of `value` (for a loader's answer).
 * @param value plain JSON data (no dates, `undefined` dropped as `JSON.stringify` does)
 */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** Reads {@link JsonText}s of one kind (in the browser keeping the values of the last `keep` texts it parsed). */
export interface JsonReader<T> {
  (text: JsonText<T>): T;
}

/**
 * A reader of one kind of {@link JsonText}: `jsonReader<Chars>(4)` keeps the last four parsed values in the browser
 * (one per catalog type's reference data), `jsonReader<Page>(1)` only the last one (a page of cards differs on every
 * page). The values it hands out in the browser are shared between the callers: read them, never change them. On
 * the server it parses every text it is given.
 */
export function jsonReader<T>(keep = 1): JsonReader<T> {
  if (import.meta.env.SSR) return (text) => JSON.parse(text) as T;
  const parsed: { text: string; value: T }[] = [];
  return (text) => {
    const hit = parsed.find((p) => p.text === text);
    if (hit) return hit.value;
    const value = JSON.parse(text) as T;
    parsed.unshift({ text, value });
    if (parsed.length > keep) parsed.pop();
    return value;
  };
}
