/**
 * Content first, then code (issue 16). The server-rendered page is complete without JavaScript — its links and
 * forms work — so its ~40 route modules are not fetched until the page has painted: on a phone's connection they
 * would otherwise share the bandwidth with the one stylesheet, the fonts and the first product photo, and
 * Lighthouse counts every script that arrives before the largest paint as holding it back (first paint 2.5–3.5 s,
 * largest 3.3–3.7 s on its simulated phone).
 *
 * As the HTML streams out, `deferred-scripts.server.ts` makes React Router's `<link rel="modulepreload">` tags
 * and its module script inert ({@link DEFERRED_PRELOAD}, {@link DEFERRED_MODULE}); {@link START_SCRIPTS}, an inline
 * script at the end of the page, turns them back on after the first frame (at once in a tab opened in the
 * background, which paints no frames). The modules then load in parallel, as before, and hydrate the page.
 */

/** The attribute that stands for `rel` on a module preload until the page has painted. */
export const DEFERRED_PRELOAD = 'data-rel';
/** The `type` of React Router's module script until the page has painted. */
export const DEFERRED_MODULE = 'text/vt-deferred-module';

/** Source of the inline script that starts the deferred preloads and module script after the first frame. */
export const START_SCRIPTS = `(() => {
  const start = () => {
    for (const l of document.querySelectorAll('link[${DEFERRED_PRELOAD}="modulepreload"]')) l.rel = 'modulepreload';
    for (const old of document.querySelectorAll('script[type="${DEFERRED_MODULE}"]')) {
      const s = document.createElement('script');
      s.type = 'module';
      s.setAttribute('nonce', old.nonce);
      s.textContent = old.textContent;
      old.replaceWith(s);
    }
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();`;
