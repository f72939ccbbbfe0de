/**
 * `useIdle`: false on the server and until the browser is idle after hydration (or `timeoutMs` has passed),
 * then true. For what the first paint does not need — the toasts' container, the cookie notice — so it
 * neither competes with the page's own work nor becomes its largest paint.
 */
import { useEffect, useState } from 'react';

/** @param timeoutMs the longest wait, ms, when the browser never idles (default 1500) */
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
