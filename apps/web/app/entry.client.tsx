/**
 * The browser's entry (React Router's default, with one change): the server-rendered page is painted first,
 * then hydrated. Module scripts run as soon as the HTML is parsed, and hydration is a long run of script that
 * the browser would finish before its first frame — so a phone showed nothing until hydration had run
 * (Lighthouse, issue 16: first paint 0.74 s on a fast machine, 3.3 s on a simulated phone, the page's text
 * being its largest paint). Waiting one frame lets the HTML and CSS show at once; a tap before hydration is
 * answered by the links and forms that work without JavaScript.
 *
 * A tab opened in the background paints no frames (`requestAnimationFrame` waits for it to be shown): it
 * hydrates at once.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === 'visible') {
  // The callback runs before the next frame is painted; the timeout after it.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
} else {
  hydrate();
}
