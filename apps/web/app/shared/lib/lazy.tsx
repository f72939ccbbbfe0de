/**
 * Code splitting for what the first paint does not need (performance): `lazyWithReload` is
 * `React.lazy` whose failed chunk load reloads the page (at most once per 10 s, spec §8), with `preload()`
 * to start the download on intent (pointer over, focus). `LazyPart` renders such a component: its fallback
 * while the chunk loads and, should the chunk fail to load, instead of it — so a lost chunk never takes the
 * page down with it.
 *
 * On the server such a component renders at once, like a static import (its module is loaded when the
 * server starts), so a lazy part rendered on first paint is in the server HTML. In the browser React then
 * keeps that HTML as it is and hydrates the part when its chunk has arrived (a Suspense boundary that
 * suspends while hydrating stays dehydrated) — visible at once, interactive a chunk later, and its code
 * not in the page's initial scripts. `LazyPart` is the boundary (entry.server.tsx keeps such finished
 * boundaries in place in the HTML rather than streaming them after the rest).
 *
 * `useIdle` defers a part further, until the browser is idle after hydration (here rather than in a module of
 * its own: one more chunk on every page would cost the pages' JavaScript budget).
 */
import {
  Component,
  createElement,
  lazy,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { isChunkLoadError, reloadOnce } from './client-guards';
import { PART_PROPS, PartHydrated } from './part-press';

/**
 * A lazily loaded component.
 * @param load the dynamic import, resolving to `{ default: Component }`
 * @returns the component (render it inside `<LazyPart>`) with `preload()`, which starts the download and
 *   resolves once the component is ready (never rejects: a failed load resolves to false), and `loaded()`
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  if (import.meta.env.SSR) return serverPart(load);
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let done = false;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        done = true;
        return m;
      },
      (e: unknown) => {
        pending = null;
        if (isChunkLoadError(e)) reloadOnce();
        throw e;
      },
    );
    return pending;
  };
  return Object.assign(
    lazy(() => preload()),
    {
      preload: (): Promise<boolean> =>
        preload().then(
          () => true,
          () => false,
        ),
      /** Whether the chunk has been downloaded. */
      loaded: () => done,
    },
  );
}

type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * The server side of `lazyWithReload`: the module starts loading now, and the component reads it with
 * `use()` — synchronously once loaded (the promise carries React's `status`/`value`), so it does not
 * suspend and stream a fallback.
 */
function serverPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const loading = load() as Tracked<{ default: ComponentType<P> }>;
  loading.then(
    (m) => Object.assign(loading, { status: 'fulfilled', value: m }),
    (e: unknown) => Object.assign(loading, { status: 'rejected', reason: e }),
  );
  const ServerPart = (props: P) => createElement(use(loading as Promise<{ default: ComponentType<P> }>).default, props);
  return Object.assign(ServerPart, {
    preload: (): Promise<boolean> =>
      loading.then(
        () => true,
        () => false,
      ),
    loaded: () => loading.status === 'fulfilled',
  });
}

class FailSafe extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** `display: contents`: a part's element leaves its children to the parent's layout. */
const CONTENTS = { display: 'contents' } as const;

/**
 * Renders a lazily loaded part: `fallback` while it loads and if its chunk cannot be loaded. Its element
 * (`[data-vt-part]`, `display: contents`) keeps a press made before the part has hydrated and makes it again once
 * it has (shared/lib/part-press.ts).
 *
 * On the server only the element and the Suspense boundary: React's server renderer does not use error boundaries
 * (an error inside a boundary renders its fallback and leaves the part to the browser), so the class component there
 * would be work for nothing on every card's heart of every cold page. The class component renders no element, so
 * the browser hydrates the same markup.
 */
export function LazyPart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  if (import.meta.env.SSR)
    return (
      <div {...PART_PROPS} style={CONTENTS}>
        <Suspense fallback={fallback}>{children}</Suspense>
      </div>
    );
  return <ClientPart fallback={fallback}>{children}</ClientPart>;
}

function ClientPart({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const part = useRef<HTMLDivElement>(null);
  return (
    <div {...PART_PROPS} style={CONTENTS} ref={part}>
      <FailSafe
        fallback={
          <>
            {fallback}
            <PartHydrated part={part} />
          </>
        }
      >
        <Suspense fallback={fallback}>
          {children}
          <PartHydrated part={part} />
        </Suspense>
      </FailSafe>
    </div>
  );
}

/**
 * For a dialog or drawer loaded on its first opening: `opened` held back until the component has mounted
 * (closed) once. Mantine's Modal and Drawer remember the element to give focus back to, and trap focus,
 * when `opened` turns true — a dialog mounted already open skips both, and on closing the focus fell to the
 * top of the page. Call it in the lazily loaded component and pass the result to the Modal or Drawer.
 * @param opened whether the dialog should be open
 * @returns `opened`, false on the first render
 */
export function useOpenAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}

/**
 * False on the server and until the browser is idle after hydration (or `timeoutMs` has passed), then true.
 * For what the first paint does not need — the toasts' container, the cookie notice — so it neither
 * competes with the page's own work nor becomes its largest paint.
 * @param timeoutMs the longest wait, ms, when the browser never idles (default 1500)
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback !== 'function') {
      const t = window.setTimeout(done, 0);
      return () => window.clearTimeout(t);
    }
    const id = window.requestIdleCallback(done, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }, [timeoutMs]);
  return idle;
}

/**
 * Starts a lazy part's download once the browser is idle (at most `timeoutMs` later), in the browser only: for a part
 * the first screen does not need but a navigation or a press soon may (decision 0160).
 * @param part a component of {@link lazyWithReload}
 * @param timeoutMs the longest wait, ms, when the browser never idles (default 5000)
 */
export function preloadWhenIdle(part: { preload: () => Promise<boolean> }, timeoutMs = 5000): void {
  if (import.meta.env.SSR) return;
  const preload = () => void part.preload();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload, { timeout: timeoutMs });
  else window.setTimeout(preload, 0);
}
