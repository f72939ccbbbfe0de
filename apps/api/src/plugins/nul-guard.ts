/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query value, a path segment or a JSON string
 * carrying `%00`/`\u0000` made the database throw and the client get a 500. This guard answers such a
 * request before any handler runs: 400 naming the field for the query and the JSON body, and the plain
 * 404 for a path segment (no slug or id can contain it). Server-rendered pages are left to their loaders,
 * whose in-process API calls meet the same guard. Architecture §3: nothing a client sends is a 500.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, NUL_MESSAGE } from '../lib/errors.js';

/**
 * Finds the first string holding U+0000 in a parsed query, params or JSON body (keys included).
 * Walks with an explicit stack, so a 1 MB body of nested arrays cannot overflow the call stack.
 * @param value the parsed value (object, array, string or anything else)
 * @returns the dotted path of the offending value (`0.slug`; `''` for the value itself), or null
 */
export function findNul(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return childPath;
        stack.push({ v: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * The key an error is reported under: the field's own name, or `non_field_errors` for none and for `__proto__`
 * (a query parameter may be called so; as a key of the answer it would set the object's prototype and vanish
 * from the JSON, leaving an empty `{}` 400 — found by the fuzz).
 */
const fieldName = (name: string) => (name === '' || name === '__proto__' ? 'non_field_errors' : name);

export default fp(async function nulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    // Pages (no route matched) render through SSR, whose API calls pass this guard themselves.
    if (req.is404) return;
    if (findNul(req.params) !== null) throw notFound();
    const inQuery = findNul(req.query);
    if (inQuery !== null) throw badRequest({ [fieldName(inQuery.split('.')[0]!)]: [NUL_MESSAGE] });
    const inBody = findNul(req.body);
    if (inBody !== null) throw badRequest({ [fieldName(inBody)]: [NUL_MESSAGE] });
  });
});
