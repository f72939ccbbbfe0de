/**
 * Loading and changing the favorites (spec §4): the ids load once per page and user in the browser
 * (`GET /v1/favorites/ids/`) — the public HTML is the same for every visitor. A toggle is optimistic; each
 * add/remove answer carries the whole list, which replaces the local favorites. No react-query here (it
 * would weigh on every public page): the favorites page hears each answer through {@link onFavoritesAnswer}
 * and puts it into its query cache.
 */
import type { FavoriteItem } from '@vitrina/contract/favorites';
import { authToken } from '../../shared/api/client';
import { apiClient } from '../../shared/api/typed';
import { showNotification } from '../../shared/lib/notify';
import { saveCopy } from './browser-copy';
import { favoritesState, setFavorites } from './store';

/** The latest load of the ids (resolved once they are in). */
let synced: Promise<void> = Promise.resolve();
/** The latest request: only its answer replaces the list (an older answer may arrive later). */
let seq = 0;
const listeners = new Set<(items: FavoriteItem[]) => void>();

/** Hears every add/remove answer's whole list (the favorites page keeps its cache with it). */
export function onFavoritesAnswer(listener: (items: FavoriteItem[]) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Replaces the ids and keeps the browser's copy of them (browser-copy.ts) for the next page's first paint. */
function setIds(ids: Iterable<number>): void {
  setFavorites({ ids: new Set(ids) });
  saveCopy(authToken(), favoritesState().owner, favoritesState().ids);
}

/**
 * Follows the signed-in user: loads their ids once (a new user: again), clears them (and the browser's copy) on
 * sign-out.
 * @param userId the signed-in user's id, or null when signed out
 * @returns resolves once the user's ids are in (at once when they already were)
 */
export function syncFavorites(userId: number | null): Promise<void> {
  const { owner, asked } = favoritesState();
  if (owner === userId && asked) return synced;
  // This user's ids from the browser's copy stay shown until the answer; another person's go at once.
  setFavorites(owner === userId ? { asked: true } : { owner: userId, ids: new Set(), asked: true });
  if (userId === null) {
    saveCopy(null, null, []);
    return (synced = Promise.resolve());
  }
  const mine = ++seq;
  synced = apiClient.GET('/v1/favorites/ids/').then((res) => {
    if (favoritesState().owner === userId && res.ok && seq === mine) setIds(res.data.data);
  });
  return synced;
}

/**
 * The add a guest asked for, run once they signed in: waits for the user's ids (so their answer cannot undo
 * it), then adds the listing unless it already is a favorite.
 * @param userId the user who just signed in
 */
export async function addWhenSynced(id: number, userId: number): Promise<void> {
  await syncFavorites(userId);
  const { owner, ids } = favoritesState();
  if (owner === userId && authToken() !== null && !ids.has(id)) toggleFavorite(id, true);
}

/**
 * Adds (`on`) or removes a listing: the heart changes at once; the answer's list then replaces the local one.
 * A refusal puts the heart back and says why in Russian.
 */
export function toggleFavorite(id: number, on: boolean): void {
  const flip = (value: boolean) => {
    const ids = new Set(favoritesState().ids);
    if (value) ids.add(id);
    else ids.delete(id);
    setIds(ids);
  };
  flip(on);
  const mine = ++seq;
  const params = { path: { id } };
  const call = on
    ? apiClient.POST('/v1/favorites/{id}/add-to-favorites/', { params })
    : apiClient.POST('/v1/favorites/{id}/remove-favorite/', { params });
  void call.then((res) => {
    if (!res.ok) {
      if (seq === mine) flip(!on);
      showNotification({ color: 'red', title: 'Не получилось', message: res.error.message });
      return;
    }
    if (seq !== mine) return;
    setIds(res.data.data.map((i) => i.id));
    for (const listener of listeners) listener(res.data.data);
  });
}
