/**
 * Content first, then code. The server-rendered page is complete without JavaScript — its links and
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
/** What counts as a button whose press is kept until hydration. */
const PRESSABLE = 'button, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"]';
/** The global the start script leaves for {@link replayEarlyPress}. */
const REPLAY = '__vtReplayPress';

/**
 * Called once the page is hydrated: presses again the button a person pressed before (see {@link START_SCRIPTS})
 * and stops keeping presses. Safe to call more than once, and on a page without the start script.
 */
export function replayEarlyPress(): void {
  const w = window as unknown as Record<string, (() => void) | undefined>;
  const replay = w[REPLAY];
  w[REPLAY] = undefined;
  replay?.();
}

/**
 * Source of the inline script that starts the deferred preloads and module script after the first frame. Until
 * the page is hydrated it also keeps the last press of a button — links and forms work without JavaScript, a
 * button does not — and {@link replayEarlyPress} presses it again once React listens, so «В корзину» pressed
 * while the code was on its way is not lost (a second press is not needed, and a double press counts once).
 */
export const START_SCRIPTS = `(() => {
  let pressed = null;
  const keep = (e) => {
    const t = e.target instanceof Element && e.target.closest('${PRESSABLE}');
    if (!t || t.closest('a[href]') || (t.form && t.type === 'submit')) return;
    pressed = t;
  };
  document.addEventListener('click', keep, true);
  window.${REPLAY} = () => {
    document.removeEventListener('click', keep, true);
    const t = pressed;
    pressed = null;
    if (t && t.isConnected) t.click();
  };
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
