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
 * - On the server a screen renders in the request whose loader made the text: the reader hands it the loader's own
 *   value ({@link MADE_KEPT}), not a parse of the text made of it (a listing page's cards: ~0.1 ms).
 */

import { verifyReused } from './reused-html';

declare const jsonOf: unique symbol;

/** The JSON text of a value of type `T`: a string as far as turbo-stream and the page are concerned. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/** Texts of objects stringified before: the server's reference data objects live for many requests. */
const texts = new WeakMap<object, string>();

/**
 * How many texts the server remembers the values of (the last made): more than the texts of the pages rendered
 * at once between their loaders and their render. A text no longer among them is parsed, as in the browser.
 */
export const MADE_KEPT = 16;
/** The server's last texts and the values they were made of, newest first. */
const made: { text: string; value: unknown }[] = [];

/**
 * Whether `v` is what `JSON.parse` gives back of its own text: plain objects and arrays, strings, finite numbers
 * (not -0), booleans and null, no `undefined` and no holes. A value that is not would render otherwise on the server
 * than its parse renders in the browser.
 */
function isPlainJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !isPlainJson(v[i])) return false;
    return true;
  }
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(v).every((x) => x !== undefined && isPlainJson(x));
}

/** The value the server made `text` of (see {@link MADE_KEPT}); undefined in the browser and when not kept. */
function madeValue(text: string): { value: unknown } | undefined {
  if (!import.meta.env.SSR) return undefined;
  const hit = made.find((m) => m.text === text);
  // Tests: a loader's value must be plain JSON, or the server's page would differ from the browser's.
  if (hit && verifyReused() && !isPlainJson(hit.value))
    throw new Error(`toJsonText: не простой JSON (${text.slice(0, 80)}…)`);
  return hit;
}

/**
 * The JSON text of `value` (for a loader's answer).
 * @param value plain JSON data (no dates, `undefined` dropped as `JSON.stringify` does)
 * @param opts.reuse the object is kept and handed out again unchanged (reference data): its text is made once
 */
export function toJsonText<T>(value: T, opts: { reuse?: boolean } = {}): JsonText<T> {
  let text: string | undefined;
  if (!opts.reuse || typeof value !== 'object' || value === null) text = JSON.stringify(value);
  else if ((text = texts.get(value)) === undefined) texts.set(value, (text = JSON.stringify(value)));
  if (import.meta.env.SSR) {
    made.unshift({ text, value });
    if (made.length > MADE_KEPT) made.pop();
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
 * The values it hands out are shared between the callers (on the server, with the loader that made the text): read
 * them, never change them.
 */
export function jsonReader<T>(keep = 1): JsonReader<T> {
  const parsed: { text: string; value: T }[] = [];
  return (text) => {
    const hit = parsed.find((p) => p.text === text);
    if (hit) return hit.value;
    const value = (madeValue(text)?.value ?? JSON.parse(text)) as T;
    parsed.unshift({ text, value });
    if (parsed.length > keep) parsed.pop();
    return value;
  };
}
