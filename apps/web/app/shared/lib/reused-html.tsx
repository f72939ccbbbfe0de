/**
 * Parts of a page whose server HTML is the same on every page that has the same `deps` (issue 17 «cold render»): the
 * header, the footer, the favorites heart of each card, a listing's card below the fold, the catalog's filter
 * sidebar. `<Reused>` marks such a part. In the browser it is its children, nothing else. On the
 * server, when the entry gives a {@link ReuseSession} (the one-pass render of a production build), the part's HTML
 * is rendered once and kept: later pages render a short placeholder element in its place, and the entry puts the kept
 * bytes there (shared/lib/reused-html.server.ts). The browser gets the same bytes either way, and hydrates them as
 * if rendered in place.
 *
 * A part may be reused only if its HTML depends on nothing but `deps`:
 * - no user, no time, no data other than the `deps`;
 * - its first and last nodes are elements (React separates adjacent text with `<!-- -->`, which a mark between
 *   would change);
 * - no id from `useId` in its HTML (such ids follow the part's place in the page);
 * - no nonce, and nothing React hoists into `<head>` (a preloaded image, a title).
 *
 * Tests render every kind of page with kept parts and compare them byte for byte with pages rendered in place
 * (`VERIFY_REUSED_HTML=1` also re-renders every kept part and fails the page when its bytes changed).
 */
import { createContext, use, type ReactNode } from 'react';

/**
 * Whether the server checks what it reuses (tests set `VERIFY_REUSED_HTML=1`): every reused part is also rendered
 * in place and compared (entry.server.tsx), and a loader's value handed to its screen must be plain JSON
 * (json-text.ts). Read on every page: a test may turn it off for a while. Server only.
 */
export function verifyReused(): boolean {
  return process.env.VERIFY_REUSED_HTML === '1';
}

/** What the server's entry gives `<Reused>` for one render (see the module's description). */
export interface ReuseSession {
  /**
   * The element the server renders for a part: a placeholder when its HTML is kept, else the part itself inside a
   * mark that tells the entry to keep it.
   */
  mark(name: string, deps: readonly unknown[], children: ReactNode): ReactNode;
}

/** The render's {@link ReuseSession}; null in the browser, in development and in a render that must not reuse. */
export const ReuseContext = createContext<ReuseSession | null>(null);

/**
 * A part of the page whose server HTML is kept and reused across pages (see the module's description).
 * @param name the part's name, unique among reused parts
 * @param deps everything the part's HTML depends on: strings and numbers by value, objects by identity
 */
export function Reused({
  name,
  deps = [],
  children,
}: {
  name: string;
  deps?: readonly unknown[];
  children: ReactNode;
}): ReactNode {
  const session = use(ReuseContext);
  return session ? session.mark(name, deps, children) : children;
}
