/**
 * Hydration on arrival (performance, decision 0131): a part of a server-rendered page below the fold — the product
 * page's similar listings — keeps its server HTML, visible and working as plain links, and React hydrates it only
 * when it comes near the viewport, so the page's start does not pay for what a phone shows only after scrolling.
 *
 * Public React only: the part is a Suspense boundary in which, during the page's first hydration, a component waits
 * (`use`) for a promise that the part's arrival near the viewport resolves. A boundary that suspends while hydrating
 * keeps its server HTML as it is and hydrates once the promise has resolved. Rendered any other way (a navigation in
 * the browser, a part the server did not render), nothing waits: the part renders at once, as without the wrapper.
 *
 * A press or focus inside the part opens it too, before React sees the event (a listener on `window`, capturing): a
 * tap made before the part came near the viewport — a fling, a test at machine speed — would otherwise be dropped
 * (React does not replay a press on a boundary it cannot hydrate). The press on a button is kept and made again once
 * the part has hydrated — which can wait for a lazy chunk inside it, a card's heart — as for a lazy part
 * (shared/lib/part-press.ts).
 *
 * The part must not be rendered again with new props before it hydrates (React would then drop its server HTML and
 * show the empty fallback until it arrives): give it a component of its own wrapped in `memo`, whose props are the
 * same objects from render to render (the route's data).
 */
import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { PART_PROPS, PartHydrated } from './part-press';

/** How near the viewport (px, above and below) a part starts hydrating: a little before it shows. */
const AHEAD_PX = 300;

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

/**
 * A gate whose promise, once opened, also says so the way `use()` reads a settled promise at once (`status`,
 * `value`, as shared/lib/lazy.tsx's server parts do): a press's own event can then hydrate the part there and then,
 * without waiting for a microtask first.
 */
function newGate(): Gate {
  let resolve = () => {};
  const promise: Promise<void> & { status?: 'fulfilled'; value?: undefined } = new Promise<void>((r) => {
    resolve = r;
  });
  const open = () => {
    promise.status = 'fulfilled';
    promise.value = undefined;
    resolve();
  };
  return { promise, open };
}

/**
 * Whether the page is still being hydrated: `<html data-hydrated>` is set once it has been
 * (shared/lib/client-guards.tsx), so a part rendered later renders at once.
 */
const hydrating = () => !import.meta.env.SSR && !('hydrated' in document.documentElement.dataset);

/**
 * Suspends until the gate opens, then renders `children`. The part is its child, not its sibling: React may go on
 * rendering a suspended component's siblings (to warm them up), which would load a lazy part's code at once.
 */
function Wait({ gate, children }: { gate: Gate; children: ReactNode }) {
  use(gate.promise);
  return children;
}

/** `display: contents`: the wrapper leaves its children to the parent's layout (a grid's cells). */
const CONTENTS = { display: 'contents' } as const;

/**
 * Renders `children` (server HTML as usual); in the browser's first hydration, hydrates them when they come within
 * {@link AHEAD_PX} of the viewport. The wrapper is a plain `<div>` (no style of its own), a part of
 * shared/lib/part-press.ts: a press on a button inside it before it has hydrated is kept and made once it has.
 * @param contents the wrapper is `display: contents` (its children are laid out as the parent's, e.g. a grid's
 *   cells; decision 0160): then its child elements are watched, and the part opens when any comes near
 */
export function HydrateWhenVisible({ children, contents = false }: { children: ReactNode; contents?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [gate] = useState(() => (hydrating() ? newGate() : null));
  useEffect(() => {
    const el = box.current;
    if (!gate) return;
    if (!el || typeof IntersectionObserver === 'undefined') return gate.open();
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), {
      rootMargin: `${AHEAD_PX}px 0px`,
    });
    const onIntent = (e: Event) => e.target instanceof Node && el.contains(e.target) && open();
    const INTENTS = ['pointerdown', 'focusin'] as const;
    const stop = () => {
      io.disconnect();
      for (const type of INTENTS) window.removeEventListener(type, onIntent, true);
    };
    const open = () => {
      stop();
      gate.open();
    };
    for (const target of contents ? el.children : [el]) io.observe(target);
    for (const type of INTENTS) window.addEventListener(type, onIntent, true);
    return stop;
  }, [gate, contents]);
  const content = (
    <>
      {children}
      <PartHydrated part={box} />
    </>
  );
  return (
    <div {...PART_PROPS} ref={box} style={contents ? CONTENTS : undefined}>
      <Suspense fallback={null}>{gate ? <Wait gate={gate}>{content}</Wait> : content}</Suspense>
    </div>
  );
}
