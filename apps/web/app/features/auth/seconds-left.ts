/** A countdown for «Отправить код повторно через 0:42» (sign-in and account deletion dialogs). */
import { useEffect, useState } from 'react';

/** Seconds left until `at` (ms), rounded down, updated several times a second until it is reached. */
export function useSecondsLeft(at: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let id = 0;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= at) window.clearInterval(id);
    };
    const first = window.setTimeout(tick, 0);
    id = window.setInterval(tick, 250);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [at]);
  return Math.max(0, Math.floor((at - now) / 1000));
}
