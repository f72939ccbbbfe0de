/**
 * Client behaviours of spec §8: a chunk-loading error reloads the page at most once per 10 s
 * (guard kept in sessionStorage), and a newer build is picked up on the next navigation. Once hydrated, the
 * page's `<html>` carries `data-hydrated`.
 */
import { useEffect } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { STORAGE_KEYS } from './storage-keys';
import { codeFailed, takeEarlyPress } from './deferred-scripts';
import { keepPartPresses } from './part-press';

/** Reload guard time-to-live (spec §9): 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;

/** True when the error is a failed dynamic import / chunk load. */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk/i.test(
    msg,
  );
}

/** Reloads unless a reload happened less than 10 s ago. @returns whether it reloaded */
export function reloadOnce(now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  const last = Number(storage.getItem(STORAGE_KEYS.reloadGuard) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEYS.reloadGuard, String(now));
  window.location.reload();
  return true;
}

export function ClientGuards() {
  const location = useLocation();
  const root = useRouteLoaderData('root') as { buildId?: string } | undefined;
  useEffect(() => {
    // The page is interactive from here on (its code starts after the first paint: deferred-scripts.ts). The
    // mark tells the browser tests, which act at machine speed, when a press reaches React.
    document.documentElement.dataset.hydrated = '';
    // A button pressed while the code was loading is pressed now (or once its lazy part has hydrated).
    keepPartPresses(takeEarlyPress());
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => {
      const err = 'reason' in e ? e.reason : (e.error ?? e.message);
      // Reloaded once already within 10 s: the visitor is told, with a button that reloads (deferred-scripts.ts).
      if (isChunkLoadError(err) && !reloadOnce()) codeFailed();
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, []);
  // A newer build: the server's build id (from /v1/public/version/, every 5 min and whenever the tab comes back
  // into view) differs → full load on the next navigation.
  useEffect(() => {
    const current = root?.buildId;
    if (!current) return;
    let stale = false;
    const check = () =>
      fetch('/v1/public/version/', { cache: 'no-store' })
        .then((r) => (r.ok ? r.json() : null))
        .then((v: { build?: string } | null) => {
          if (v?.build && v.build !== current) stale = true;
        })
        .catch(() => undefined);
    const id = window.setInterval(() => void check(), 5 * 60_000);
    // A tab coming back to the front (the usual way a deploy meets an old tab) checks at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    (window as unknown as { __vtStale?: () => boolean }).__vtStale = () => stale;
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [root?.buildId]);
  useEffect(() => {
    const w = window as unknown as { __vtStale?: () => boolean; __vtFirst?: boolean };
    if (!w.__vtFirst) {
      w.__vtFirst = true;
      return;
    }
    if (w.__vtStale?.()) window.location.reload();
  }, [location.pathname]);
  return null;
}
