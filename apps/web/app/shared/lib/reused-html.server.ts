/**
 * The server side of `<Reused>` (shared/lib/reused-html.tsx, issue 17 «cold render»): parts whose HTML is the same on
 * every page are rendered once per build and their bytes kept, here per route manifest (one per build).
 *
 * In a render with a {@link PageReuse}, a part is one of two elements in React's output:
 * - `<vt-keep k="N">…</vt-keep>`: rendered in place; {@link PageReuse.splice} keeps the bytes between the tags and
 *   takes the tags out;
 * - `<vt-put k="N"></vt-put>`: its bytes are kept; {@link PageReuse.splice} puts them in place of the element.
 *
 * `N` is the part's place in the session's list. `<` is escaped in React's text and attributes, and in every inline
 * script of the page, so `<vt-` appears in the output only as these marks. With `verify`, every part is rendered in
 * place, and a part whose bytes differ from those kept fails the page: a part that depends on more than its `deps`.
 */
import { createElement, type ReactNode } from 'react';
import { LRUCache } from 'lru-cache';
import { ReuseContext, type ReuseSession } from './reused-html';

/**
 * How many bytes of parts' HTML a build keeps, the least recently used dropped first: a header per search query on
 * the search page (~6 KB each), a card per listing shown below the fold (~1 KB each).
 */
export const PARTS_KEPT_BYTES = 8 * 1024 * 1024;

const KEEP = 'vt-keep';
const PUT = 'vt-put';
const MARK_START = Buffer.from('<vt-');
const MARK = /^<vt-(keep|put) k="(\d+)">$/;
const KEEP_END = Buffer.from(`</${KEEP}>`);
const PUT_END = Buffer.from(`</${PUT}>`);

/** The kept parts of one build, and the numbers given to the objects among their `deps`. */
class Keeper {
  readonly parts = new LRUCache<string, Buffer>({ maxSize: PARTS_KEPT_BYTES, sizeCalculation: (b) => b.length + 64 });
  private readonly ids = new WeakMap<object, number>();
  private next = 0;

  /**
   * The key of a part: its name and its deps (strings and numbers by value, objects by identity), each dep after a
   * NUL and a letter of its kind, so that no two lists of deps give the same key. Made for every part of every page
   * (24 cards and hearts on a catalog page): plain concatenation, not `JSON.stringify` of each dep.
   */
  keyOf(name: string, deps: readonly unknown[]): string {
    let key = name;
    for (const d of deps) {
      if (typeof d === 'string') {
        // A string with a NUL of its own is written as JSON (a quote and escapes), so it cannot end early.
        key += d.includes('\u0000') ? `\u0000j${JSON.stringify(d)}` : `\u0000s${d}`;
      } else if (typeof d === 'number') {
        key += `\u0000n${d}`;
      } else if (d !== null && (typeof d === 'object' || typeof d === 'function')) {
        let id = this.ids.get(d);
        if (id === undefined) this.ids.set(d, (id = ++this.next));
        key += `\u0000#${id}`;
      } else {
        // null, undefined, a boolean, a bigint or a symbol
        key += `\u0000o${String(d)}`;
      }
    }
    return key;
  }
}

const keepers = new WeakMap<object, Keeper>();

/** A mark's part: its key and the bytes kept for it when the render began (undefined: none). */
interface Marked {
  name: string;
  key: string;
  kept: Buffer | undefined;
}

/** The reused parts of one render: give it to `<Reused>` through {@link PageReuse.provide}, then {@link splice}. */
export class PageReuse implements ReuseSession {
  private readonly marked: Marked[] = [];
  private readonly keeper: Keeper;

  /**
   * @param build what identifies the build (its route manifest): parts are kept per build
   * @param verify render every part in place and compare it with its kept bytes (tests)
   */
  constructor(
    build: object,
    private readonly verify: boolean,
  ) {
    let keeper = keepers.get(build);
    if (!keeper) keepers.set(build, (keeper = new Keeper()));
    this.keeper = keeper;
  }

  /** `element` with this session given to the `<Reused>` parts inside it. */
  provide(element: ReactNode): ReactNode {
    return createElement(ReuseContext, { value: this }, element);
  }

  mark(name: string, deps: readonly unknown[], children: ReactNode): ReactNode {
    const key = this.keeper.keyOf(name, deps);
    const kept = this.keeper.parts.get(key);
    const k = this.marked.length;
    this.marked.push({ name, key, kept });
    if (kept && !this.verify) return createElement(PUT, { k });
    // A part inside a part is rendered as part of it.
    return createElement(KEEP, { k }, createElement(ReuseContext, { value: null }, children));
  }

  /**
   * The page's bytes with its parts in place and no marks; the bytes of the parts rendered in place are kept.
   * @param html the page as React rendered it, UTF-8
   * @throws Error with `verify`, when a part's bytes differ from those kept for it
   */
  splice(html: Buffer): Buffer {
    if (!this.marked.length) return html;
    const out: Buffer[] = [];
    let pos = 0;
    for (let at = html.indexOf(MARK_START); at >= 0; at = html.indexOf(MARK_START, at + 1)) {
      const tagEnd = html.indexOf(0x3e, at); // '>'
      if (tagEnd < 0) break;
      const m = MARK.exec(html.toString('latin1', at, tagEnd + 1));
      const part = m ? this.marked[Number(m[2])] : undefined;
      if (!m || !part) continue;
      const end = html.indexOf(m[1] === 'put' ? PUT_END : KEEP_END, tagEnd);
      // React closes every element it opens: a mark without its end is not one of ours.
      if (end < 0) continue;
      out.push(html.subarray(pos, at));
      if (m[1] === 'put') {
        out.push(part.kept!);
        pos = end + PUT_END.length;
      } else {
        const bytes = Buffer.from(html.subarray(tagEnd + 1, end));
        if (part.kept && !part.kept.equals(bytes))
          throw new Error(`Часть страницы «${part.name}» зависит не только от своих deps: её HTML изменился`);
        this.keeper.parts.set(part.key, bytes);
        out.push(bytes);
        pos = end + KEEP_END.length;
      }
      at = pos - 1;
    }
    out.push(html.subarray(pos));
    return Buffer.concat(out);
  }
}
