/**
 * Route data that travels as JSON text (issue 17, cold render).
 *
 * React Router hands a loader's answer to the browser through turbo-stream, which walks it value by value: every
 * object, array, string and number gets an index in a `Map` and a piece of its own. For a listing page's 24 cards
 * and the filters' reference data (brands, categories, colours) that walk costs more than the rest of the page's
 * data together — about 0.5 ms of a cold page. A big part of plain JSON goes as one string instead:
 * `JSON.stringify` is native, turbo-stream then handles a single value, and the browser parses it once.
 *
 * - A loader wraps such a part with {@link toJsonText}; the reference data (one object the server keeps and hands
 *   to every page) is stringified once per object.
 * - A screen reads it with a {@link jsonReader}: parsed once per text, so a screen and its parts can read the same
 *   text without parsing it twice, and the server, which renders the same reference data on every page, parses
 *   it only when it changes.
 */

declare const jsonOf: unique symbol;

/** The JSON text of a value of type `T`: a string as far as turbo-stream and the page are concerned. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/** Texts of objects stringified before: the server's reference data objects live for many requests. */
const texts = new WeakMap<object, string>();

/**
 * The JSON text of `value` (for a loader's answer).
 * @param value plain JSON data (no dates, `undefined` dropped as `JSON.stringify` does)
 * @param opts.reuse the object is kept and handed out again unchanged (reference data): its text is made once
 */
export function toJsonText<T>(value: T, opts: { reuse?: boolean } = {}): JsonText<T> {
  if (!opts.reuse || typeof value !== 'object' || value === null) return JSON.stringify(value) as JsonText<T>;
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text as JsonText<T>;
}

/** Reads {@link JsonText}s of one kind, keeping the values of the last `keep` texts it parsed. */
export interface JsonReader<T> {
  (text: JsonText<T>): T;
}

/**
 * A reader of one kind of {@link JsonText}: `jsonReader<Chars>(4)` keeps the last four parsed values (one per
 * catalog type's reference data), `jsonReader<Page>(1)` only the last one (a page of cards differs on every page).
 * The values it hands out are shared between the callers: read them, never change them.
 */
export function jsonReader<T>(keep = 1): JsonReader<T> {
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
