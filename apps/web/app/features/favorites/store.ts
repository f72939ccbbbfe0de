/**
 * The signed-in user's favorite listing ids, for the hearts on every card and page (spec §4): the
 * state only (changed by `actions.ts`). A few lines over `useSyncExternalStore` rather than a zustand store:
 * the hearts' chunk then shares nothing new with the pages' first scripts (the JS budget).
 */
import { useSyncExternalStore } from 'react';
import { readCopy } from './browser-copy';

export interface FavoritesState {
  /** Listing ids the user keeps (empty until loaded, and when signed out). */
  ids: ReadonlySet<number>;
  /** Whose ids these are (null: nobody signed in or not yet known). */
  owner: number | null;
  /**
   * Whether the server was asked for this owner's ids (false while `ids` are the browser's copy of them,
   * browser-copy.ts: shown at once, replaced by the answer).
   */
  asked: boolean;
}

const initial: FavoritesState = { ids: new Set<number>(), owner: null, asked: true };
// In the browser the hearts start from the copy of the last known ids (the server renders them off).
const copy = readCopy();
let state: FavoritesState = copy ? { ...copy, asked: false } : initial;
const subscribers = new Set<() => void>();
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
};

/** The current state. */
export const favoritesState = (): FavoritesState => state;

/** Changes the state and re-renders the hearts that read it. */
export function setFavorites(change: Partial<FavoritesState>): void {
  state = { ...state, ...change };
  for (const fn of subscribers) fn();
}

/** A value of the state (re-renders when it changes); the server and hydration read the empty state. */
export function useFavorites<T>(select: (s: FavoritesState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initial),
  );
}
