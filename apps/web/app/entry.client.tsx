/**
 * The browser's entry (React Router's default). It runs only after the server-rendered page has painted: the
 * route modules are started by the page's inline script after the first frame (shared/lib/deferred-scripts.ts),
 * so a phone shows the page while its code is still on the way, and a tap before hydration is answered by the
 * links and forms that work without JavaScript.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
