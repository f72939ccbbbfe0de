/**
 * Authentication state (spec §4, §6, §9): the token lives in browser storage (zustand `persist` under
 * `STORAGE_KEYS.token`); with no token the user is signed out; a successful verification stores the token
 * and loads the user through `GET /v1/self/`; «Выйти» clears both, then revokes the token on the server.
 * Every API call sends the token (`configureApiAuth`), and a 401 for the token in use signs out.
 *
 * The server renders with status `unknown`; `startAuth()` (called once after mount by `<AccountMenu />`)
 * reads storage and loads the user, so the first client render matches the HTML.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { authChanged, configureApiAuth } from '../../shared/api/client';
import { apiClient } from '../../shared/api/typed';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';
import type { AuthStatus, SelfUser } from './types';

export interface AuthState {
  token: string | null;
  user: SelfUser | null;
  status: AuthStatus;
  /** Why the user could not be loaded (network or server error; the token is kept), or null. */
  loadError: string | null;
  /** True after «Выйти» in this tab: the account guard then leaves without opening the sign-in dialog. */
  exited: boolean;
  /** Stores a new token and loads the user. @returns whether the user could be loaded */
  signIn: (token: string) => Promise<boolean>;
  /** Reloads the user through `self` (after a profile change, or at start). */
  loadUser: () => Promise<void>;
  /** Replaces the loaded user (e.g. with the answer of `self/change`). */
  setUser: (patch: Partial<SelfUser>) => void;
  /** Clears token and user, then revokes the token on the server (best effort). */
  signOut: () => Promise<void>;
  /** Clears token and user without calling the server (a 401, another tab signed out). */
  clear: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      status: 'unknown',
      loadError: null,
      exited: false,
      async signIn(token) {
        set({ token, user: null, status: 'unknown', loadError: null, exited: false });
        await get().loadUser();
        return get().status === 'signed-in';
      },
      async loadUser() {
        const token = get().token;
        if (!token) {
          set({ user: null, status: 'signed-out' });
          return;
        }
        const res = await apiClient.GET('/v1/self/');
        if (get().token !== token) return; // signed out or in again meanwhile
        if (res.ok) set({ user: res.data.info, status: 'signed-in', loadError: null });
        else if (res.error.status === 401) set({ token: null, user: null, status: 'signed-out', loadError: null });
        // A network or server error keeps the token; the user stays unknown until the next try.
        else if (!get().user) set({ status: 'unknown', loadError: res.error.message });
      },
      setUser(patch) {
        const user = get().user;
        if (user) set({ user: { ...user, ...patch } });
      },
      async signOut() {
        const token = get().token;
        // Forgotten on the page first: while the server revokes it, nothing here sends it any more (a call that did,
        // e.g. the messenger's unread count, would be answered 401; the notification socket is closed, not refused).
        set({ token: null, user: null, status: 'signed-out', loadError: null, exited: true });
        if (token) await apiClient.POST('/v1/auth/logout/', { token });
      },
      clear() {
        set({ token: null, user: null, status: 'signed-out', loadError: null });
      },
    }),
    {
      name: STORAGE_KEYS.token,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token }),
      merge: (persisted, current) => {
        const token = (persisted as { token?: unknown } | undefined)?.token;
        return { ...current, token: typeof token === 'string' && /^[0-9a-f]{40}$/i.test(token) ? token : null };
      },
      skipHydration: true,
    },
  ),
);

configureApiAuth(
  () => useAuthStore.getState().token,
  () => useAuthStore.getState().clear(),
);
// Cached data belongs to the token it was loaded with.
useAuthStore.subscribe((s, prev) => {
  if (s.token !== prev.token) authChanged();
});

let started = false;
/**
 * Reads the token from storage and loads the user (once per page load); follows sign-in and sign-out in
 * other tabs. Safe to call many times.
 */
export function startAuth() {
  if (started || typeof window === 'undefined') return;
  started = true;
  const load = async () => {
    await useAuthStore.persist.rehydrate();
    const { token, user } = useAuthStore.getState();
    if (!token) useAuthStore.setState({ user: null, status: 'signed-out' });
    else if (!user) await useAuthStore.getState().loadUser();
  };
  void load();
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEYS.token) return;
    const before = useAuthStore.getState().token;
    void useAuthStore.persist.rehydrate().then(() => {
      const { token } = useAuthStore.getState();
      if (!token) useAuthStore.setState({ user: null, status: 'signed-out' });
      else if (token !== before) void useAuthStore.getState().loadUser();
    });
  });
}
