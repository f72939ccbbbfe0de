/**
 * Code splitting for what the first paint does not need (issue 2, performance): `lazyWithReload` is
 * `React.lazy` whose failed chunk load reloads the page (at most once per 10 s, spec §8), with `preload()`
 * to start the download on intent (pointer over, focus). `LazyPart` renders such a component: its fallback
 * while the chunk loads and, should the chunk fail to load, instead of it — so a lost chunk never takes the
 * page down with it.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnce } from './client-guards';

/**
 * A lazily loaded component.
 * @param load the dynamic import, resolving to `{ default: Component }`
 * @returns the component (render it inside `<LazyPart>`) with `preload()`, which starts the download and
 *   resolves once the component is ready (never rejects: a failed load resolves to false), and `loaded()`
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
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

class FailSafe extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Renders a lazily loaded part: `fallback` while it loads and if its chunk cannot be loaded. */
export function LazyPart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <FailSafe fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </FailSafe>
  );
}
