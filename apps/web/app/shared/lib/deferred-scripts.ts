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

import { PRESSABLE } from './part-press';
import { STORAGE_KEYS } from './storage-keys';

/** The attribute that stands for `rel` on a module preload until the page has painted. */
export const DEFERRED_PRELOAD = 'data-rel';
/** The `type` of React Router's module script until the page has painted. */
export const DEFERRED_MODULE = 'text/vt-deferred-module';
/** The global the start script leaves for {@link takeEarlyPress}. */
const REPLAY = '__vtReplayPress';
/** The global the start script leaves for {@link codeFailed}. */
const FAILED = '__vtCodeFailed';
/** sessionStorage key of the last reload for a failed chunk (the same guard as client-guards.ts `reloadOnce`). */
const RELOAD_GUARD_KEY = STORAGE_KEYS.reloadGuard;
/** What the visitor reads when the page's code could not be loaded even after a reload. */
export const CODE_FAILED_TEXT = 'Не удалось загрузить страницу полностью — кнопки и фильтры могут не работать.';
/** The button that reloads the page under {@link CODE_FAILED_TEXT}. */
export const CODE_FAILED_RELOAD = 'Обновить страницу';

/**
 * Called when a chunk of the page's code failed to load (client-guards.ts, after hydration): reloads the page once
 * (at most once per 10 s) and, failing that, tells the visitor with a button that reloads. Does nothing on a page
 * without the start script.
 */
export function codeFailed(): void {
  (window as unknown as Record<string, (() => void) | undefined>)[FAILED]?.();
}

/**
 * Called once the page is hydrated: stops keeping presses (see {@link START_SCRIPTS}) and hands over the last one.
 * Safe to call more than once, and on a page without the start script.
 * @returns the button a person pressed while the page's code was on its way, to be pressed again
 *   (shared/lib/part-press.ts), or null
 */
export function takeEarlyPress(): HTMLElement | null {
  const w = window as unknown as Record<string, (() => HTMLElement | null) | undefined>;
  const take = w[REPLAY];
  w[REPLAY] = undefined;
  return take?.() ?? null;
}

/**
 * Source of the inline script that starts the deferred preloads and module script after the first frame. Until
 * the page is hydrated it also takes the last press of a button — links and forms work without JavaScript, a
 * button does not — and {@link takeEarlyPress} hands it over to be pressed again once React listens (or once the
 * lazy part it is in has hydrated: shared/lib/part-press.ts). The press is stopped before React sees it (a listener
 * on `window`, capturing): React listens from the start of its hydration and, pressed in the middle of it, would
 * hydrate there and then and handle the press itself — and the press made again would count twice (a heart on, then
 * off). So «В корзину» pressed while the code was on its way is not lost (a second press is not needed, and a
 * double press counts once).
 * Should the page's code fail to load (a chunk, a preload or the module script refused — e.g. a 503 of an
 * overloaded server — or a network error), it reloads the page once (at most once per 10 s) and, failing that,
 * shows {@link CODE_FAILED_TEXT} with a button that reloads (see {@link codeFailed}).
 */
export const START_SCRIPTS = `(() => {
  const failed = () => {
    if (document.getElementById('vt-code-failed')) return;
    let last = 0;
    try { last = Number(sessionStorage.getItem('${RELOAD_GUARD_KEY}') || 0); } catch {}
    if (Date.now() - last >= 10000) {
      try { sessionStorage.setItem('${RELOAD_GUARD_KEY}', String(Date.now())); location.reload(); return; } catch {}
    }
    const box = document.createElement('div');
    box.id = 'vt-code-failed';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;left:16px;right:16px;bottom:16px;z-index:10000;padding:12px 16px;' +
      'background:#fff;color:#111;border:1px solid #ccc;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.15);' +
      'font:15px/1.4 system-ui,sans-serif;display:flex;gap:12px;align-items:center;flex-wrap:wrap';
    const text = document.createElement('span');
    text.textContent = '${CODE_FAILED_TEXT}';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = '${CODE_FAILED_RELOAD}';
    button.addEventListener('click', () => location.reload());
    box.append(text, button);
    document.body.append(box);
  };
  window.${FAILED} = failed;
  const code = (t) => t instanceof HTMLScriptElement || (t instanceof HTMLLinkElement && t.rel === 'modulepreload');
  window.addEventListener('error', (e) => { if (code(e.target)) failed(); }, true);
  window.addEventListener('unhandledrejection', (e) => {
    const m = String((e.reason && e.reason.message) || e.reason || '');
    if (/dynamically imported module|Importing a module script failed|Unable to preload/i.test(m)) failed();
  });
  let pressed = null;
  const keep = (e) => {
    const t = e.target instanceof Element && e.target.closest('${PRESSABLE}');
    if (!t || t.closest('a[href]') || (t.form && t.type === 'submit') || t.closest('#vt-code-failed')) return;
    e.stopPropagation();
    pressed = t;
  };
  window.addEventListener('click', keep, true);
  window.${REPLAY} = () => {
    window.removeEventListener('click', keep, true);
    const t = pressed;
    pressed = null;
    return t;
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
