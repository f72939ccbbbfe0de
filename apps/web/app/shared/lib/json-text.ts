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
 *   parts read the same text without parsing it twice.
 * - On the server the render reads the loader's own value back, not the text parsed again: `toJsonText(value,
 *   context)` notes the value in the request's `jsonValues` (the load context, apps/api/src/web.ts makes one per
 *   request), and entry.server renders inside {@link renderWithJsonValues}. Nothing is kept across requests: the map
 *   belongs to the request and goes with it (docs/decisions/0010-render-on-public-paths.md). A text the render did
 *   not get so (a loader called without a context, a test) is parsed.
 */
import type { AppLoadContext } from 'react-router';

declare const jsonOf: unique symbol;

/** The JSON text of a value of type `T`: a string as far as turbo-stream and the page are concerned. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/**
 * The JSON text of `value` (for a loader's answer).
 * @param value plain JSON data: strings, finite numbers, booleans, null, arrays and plain objects (`undefined` is
 * dropped as `JSON.stringify` does). No dates: the server renders this value itself, the browser its text parsed.
 * @param context the loader's context: the value is noted for this request's render (see the module's description)
 */
export function toJsonText<T>(value: T, context?: Pick<AppLoadContext, 'jsonValues'>): JsonText<T> {
  const text = JSON.stringify(value) as JsonText<T>;
  context?.jsonValues?.set(text, value);
  return text;
}

/** The render's values of its texts (on the server; `undefined` in the browser). */
const renderValues = import.meta.env.SSR
  ? new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)<ReadonlyMap<string, unknown>>()
  : undefined;

/**
 * Runs `render` (a server render and everything it schedules) so that readers find the values the loaders noted in
 * `values` (a request's `jsonValues`) instead of parsing their texts.
 * @returns what `render` returns
 */
export function renderWithJsonValues<R>(values: ReadonlyMap<string, unknown> | undefined, render: () => R): R {
  return renderValues && values ? renderValues.run(values, render) : render();
}

/** Reads {@link JsonText}s of one kind (in the browser keeping the values of the last `keep` texts it parsed). */
export interface JsonReader<T> {
  (text: JsonText<T>): T;
}

/**
 * A reader of one kind of {@link JsonText}: `jsonReader<Chars>(4)` keeps the last four parsed values in the browser
 * (one per catalog type's reference data), `jsonReader<Page>(1)` only the last one (a page of cards differs on every
 * page). The values it hands out are shared between the callers: read them, never change them. On the server it
 * keeps nothing itself: it hands out the value the render's loader noted, or parses the text.
 */
export function jsonReader<T>(keep = 1): JsonReader<T> {
  if (import.meta.env.SSR)
    return (text) => {
      const values = renderValues?.getStore();
      return (values?.has(text) ? values.get(text) : JSON.parse(text)) as T;
    };
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
