/**
 * Code splitting for what the first paint does not need (issue 2, performance): `lazyWithReload` is
 * `React.lazy` whose failed chunk load reloads the page (at most once per 10 s, spec §8), and
 * `useIdleLoad` starts loading a chunk once the browser is idle after hydration, so the part is ready
 * before anyone reaches for it.
 */
import { lazy, useEffect, type ComponentType } from 'react';
import { isChunkLoadError, reloadOnce } from './client-guards';

/**
 * A lazily loaded component.
 * @param load the dynamic import, resolving to `{ default: Component }`
 * @returns the component (render it inside `<Suspense>`) with `preload()`, which starts the download and
 *   resolves once the component is ready (never rejects: a failed load resolves to false)
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().catch((e: unknown) => {
      pending = null;
      if (isChunkLoadError(e)) reloadOnce();
      throw e;
    });
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
    },
  );
}

/** Calls `preload` once the browser is idle after mount (at most `timeoutMs` later, default 2 s). */
export function useIdleLoad(preload: () => unknown, timeoutMs = 2000) {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void preload(), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void preload(), 300);
    return () => window.clearTimeout(id);
  }, [preload, timeoutMs]);
}
