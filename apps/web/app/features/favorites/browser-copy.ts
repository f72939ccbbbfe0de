/**
 * The browser's copy of the signed-in user's favorite ids, so that a heart is filled on the first paint of a page
 * whose HTML is the same for every visitor (docs/decisions/0095-favorite-hearts-on-first-paint.md).
 *
 * Kept in localStorage under `STORAGE_KEYS.favorites` as `{t, u, ids}`: `t` is {@link tokenTag} of the token it was
 * saved under (a copy saved under another sign-in is ignored), `u` the user's id, `ids` the listing ids. Written
 * on every answer of the favorites calls and every toggle; removed on sign-out. The server's
 * `GET /v1/favorites/ids/` stays the truth: the copy is only what is shown until its answer.
 *
 * The first-paint script (first-paint-script.ts) reads the copy before the page paints and fills those hearts with CSS
 * (`[data-fav-id]` on each heart); a heart drops that rule once it renders in the browser (`data-fav-live`).
 */
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';
import { FIRST_PAINT_MAX_IDS as MAX_IDS } from './first-paint-script';

/**
 * A short tag of a token (32-bit FNV-1a, base 36): the copy is bound to the sign-in that saved it without keeping
 * the token a second time. The first-paint script (first-paint-script.ts) computes the same.
 */
export function tokenTag(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The token as the auth store keeps it (`{state: {token}}`), read straight from storage; null when none. */
function storedToken(): string | null {
  const token = (JSON.parse(localStorage.getItem(STORAGE_KEYS.token) ?? 'null') as { state?: { token?: unknown } })
    ?.state?.token;
  return typeof token === 'string' ? token : null;
}

/** The copy saved under the token in storage now, or null (none, another sign-in's, unreadable, on the server). */
export function readCopy(): { owner: number; ids: Set<number> } | null {
  if (typeof window === 'undefined') return null;
  try {
    const token = storedToken();
    const copy = JSON.parse(localStorage.getItem(STORAGE_KEYS.favorites) ?? 'null') as {
      t?: unknown;
      u?: unknown;
      ids?: unknown;
    } | null;
    if (!token || !copy || copy.t !== tokenTag(token) || typeof copy.u !== 'number' || !Array.isArray(copy.ids))
      return null;
    return { owner: copy.u, ids: new Set(copy.ids.filter((id): id is number => Number.isSafeInteger(id))) };
  } catch {
    return null; // storage refused (private mode) or a damaged value: no copy
  }
}

/**
 * Saves `ids` as the copy of user `owner` under `token`; with no token or owner it removes the copy.
 * @param ids listing ids, newest first (the first {@link MAX_IDS} are kept)
 */
export function saveCopy(token: string | null, owner: number | null, ids: Iterable<number>): void {
  try {
    if (!token || owner === null) return localStorage.removeItem(STORAGE_KEYS.favorites);
    const copy = { t: tokenTag(token), u: owner, ids: [...ids].slice(0, MAX_IDS) };
    localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify(copy));
  } catch {
    // Storage full or refused: the hearts then fill when the ids arrive, as without a copy.
  }
}
