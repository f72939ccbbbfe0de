/**
 * The inline script that fills a signed-in user's hearts before the page paints (browser-copy.ts keeps the copy it
 * reads). A module of its own, with nothing else in it: the default layout renders the script on the server only,
 * so the browser's bundle carries no more than its import.
 */
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';

/** The most ids the copy keeps and the script reads (the API's own cap on favorites). */
export const FIRST_PAINT_MAX_IDS = 1000;

/**
 * Source of the script: with a copy saved under the stored token (the same tag as `tokenTag` in browser-copy.ts),
 * it adds a stylesheet that fills the hearts of those ids (`[data-fav-id]`) until each heart renders in the
 * browser (`data-fav-live`, heart.tsx). Only whole numbers reach the CSS. Static text, so the CSP allows it by
 * its hash (apps/api/src/lib/script-hashes.ts).
 */
export const FIRST_PAINT_SCRIPT = `(() => {
  try {
    const token = JSON.parse(localStorage.getItem('${STORAGE_KEYS.token}') || 'null')?.state?.token;
    const copy = JSON.parse(localStorage.getItem('${STORAGE_KEYS.favorites}') || 'null');
    if (typeof token !== 'string' || !copy || !Array.isArray(copy.ids)) return;
    let h = 0x811c9dc5;
    for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
    if (copy.t !== (h >>> 0).toString(36)) return;
    const ids = copy.ids.filter((id) => Number.isSafeInteger(id)).slice(0, ${FIRST_PAINT_MAX_IDS});
    if (!ids.length) return;
    const style = document.createElement('style');
    style.id = 'vt-favorites-first-paint';
    style.textContent = ids.map((id) => '[data-fav-id="' + id + '"]:not([data-fav-live]) svg').join(',') +
      '{fill:var(--vt-accent);stroke:var(--vt-accent)}';
    document.head.appendChild(style);
  } catch {}
})();`;
