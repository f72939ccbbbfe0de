/**
 * A press on a part that has not hydrated yet is kept and made again once it has (performance without lost
 * presses; decision 0186).
 *
 * A part of shared/lib/lazy.tsx is server HTML at once and interactive a chunk later. React drops a press on such a
 * part in between: it cannot hydrate a boundary whose code has not arrived, so it stops the event there and does not
 * press it again later. Under load that window is seconds long — «Предложить цену» pressed right after the page
 * became interactive did nothing, and a person had to press again.
 *
 * Each part is an element `[data-vt-part]` (`display: contents`, no box of its own): a lazy part, and a part hydrated
 * near the viewport (shared/lib/hydrate-when-visible.tsx). Until its content has hydrated it is *waiting* — also
 * while it is still server HTML inside another part, its own code not even asked for. A press on a button inside a
 * waiting part is stopped before React sees it (a listener on `window`, capturing) and kept, and the part presses it
 * again once its content has hydrated. A press made before the page itself was hydrated (kept by the start script,
 * shared/lib/deferred-scripts.ts) takes the same way. Only the last press is kept; links and submit buttons work
 * without JavaScript and are left alone.
 */

import { useEffect, type RefObject } from 'react';

/** The attribute that marks a part's element. */
const PART_ATTRIBUTE = 'data-vt-part';
/** Spread on a part's element (one that hydrates after the page: shared/lib/lazy.tsx, hydrate-when-visible.tsx). */
export const PART_PROPS = { [PART_ATTRIBUTE]: '' } as const;
/** What counts as a button whose press is kept (the start script's selector). */
export const PRESSABLE = 'button, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"]';

/** Parts whose content has hydrated (or whose fallback shows for good); any other part is waiting. */
const hydrated = new WeakSet<Element>();
/** The last press kept for a waiting part. */
let kept: HTMLElement | null = null;
let listening = false;

/** The button a press on `target` is meant for, unless it is a link or submits a form (both work without code). */
function pressable(target: EventTarget | null): HTMLElement | null {
  const t = target instanceof Element ? target.closest<HTMLElement>(PRESSABLE) : null;
  if (!t || t.closest('a[href]')) return null;
  if (t instanceof HTMLButtonElement && t.form && t.type === 'submit') return null;
  return t;
}

/** The waiting part that holds `t`, if its nearest part is waiting. */
function waitingPart(t: Element): Element | null {
  const part = t.closest(`[${PART_ATTRIBUTE}]`);
  return part && !hydrated.has(part) ? part : null;
}

function onClick(e: MouseEvent): void {
  const t = pressable(e.target);
  if (!t) return;
  if (!waitingPart(t)) {
    // A press elsewhere: the person has moved on, and the kept one is not made later.
    if (e.isTrusted) kept = null;
    return;
  }
  e.stopPropagation();
  kept = t;
}

/**
 * Called once the page is hydrated (shared/lib/client-guards.tsx): from now on presses on waiting parts are kept.
 * @param early the button pressed before the page was hydrated, if any: pressed now, or once its part has hydrated
 */
export function keepPartPresses(early: HTMLElement | null): void {
  if (!listening) {
    listening = true;
    window.addEventListener('click', onClick, true);
  }
  if (!early?.isConnected) return;
  if (waitingPart(early)) kept = early;
  else early.click();
}

/**
 * A part's content has hydrated (or its code failed to load and its fallback shows): presses go through again, and
 * the press kept for it is made now.
 * @param el the part's element
 */
function partHydrated(el: HTMLElement): void {
  hydrated.add(el);
  const t = kept;
  if (!t || t.closest(`[${PART_ATTRIBUTE}]`) !== el) return;
  kept = null;
  if (t.isConnected) t.click();
}

/**
 * Render inside a part's Suspense boundary, after its content: once the content has hydrated (its effect runs),
 * presses on the part go through again and the press kept for it is made (also where its fallback shows for good).
 * @param part the ref of the part's element (the one with {@link PART_PROPS})
 */
export function PartHydrated({ part }: { part: RefObject<HTMLElement | null> }): null {
  useEffect(() => {
    if (part.current) partHydrated(part.current);
  }, [part]);
  return null;
}
