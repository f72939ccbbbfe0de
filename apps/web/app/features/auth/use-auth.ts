/**
 * Hooks other features use (spec §4):
 * - `useAuth()` → `{user, token, status}`; status is `unknown` until storage was read and the user loaded.
 * - `useRequireUser()` — the account guard for account-only pages: without a user it opens the sign-in dialog
 *   and sends the person to `/`; after signing in they land back on the page they asked for.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { openSignIn } from './sign-in-state';
import { startAuth, useAuthStore } from './store';
import type { AuthStatus, SelfUser } from './types';

export { openSignIn } from './sign-in-state';
export type { AuthStatus, SelfUser } from './types';

/** The authentication state: `{user, token, status}` plus `signOut()` and `reload()`. */
export function useAuth(): {
  user: SelfUser | null;
  token: string | null;
  status: AuthStatus;
  /** Set when the user could not be loaded (network/server error); `reload()` tries again. */
  loadError: string | null;
  signOut: () => Promise<void>;
  reload: () => Promise<void>;
} {
  const s = useAuthStore(
    useShallow((st) => ({
      user: st.user,
      token: st.token,
      status: st.status,
      loadError: st.loadError,
      signOut: st.signOut,
      reload: st.loadUser,
    })),
  );
  useEffect(() => startAuth(), []);
  return s;
}

/**
 * The account guard. Render a skeleton while `status` is not `signed-in`.
 * @returns `{user, status}`; `user` is set once `status === 'signed-in'`
 */
export function useRequireUser(): {
  user: SelfUser | null;
  status: AuthStatus;
  loadError: string | null;
  reload: () => Promise<void>;
} {
  const { user, status, loadError, reload } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'signed-out') return;
    // After «Выйти» the person simply leaves the account; otherwise they are asked to sign in.
    if (useAuthStore.getState().exited) useAuthStore.setState({ exited: false });
    else openSignIn(location.pathname + location.search + location.hash);
    void navigate('/', { replace: true });
  }, [status, location.pathname, location.search, location.hash, navigate]);
  return { user: status === 'signed-in' ? user : null, status, loadError, reload };
}
