/**
 * Hooks other features use (spec §4):
 * - `useAuth()` → `{user, token, status}`; status is `unknown` until storage was read and the user loaded.
 * - `useRequireUser()` — the account guard for account-only pages: without a user it opens the sign-in dialog
 *   and sends the person to `/`; after signing in they land back on the page they asked for.
 * - `useSignInHere(leaveTo)` — the guard of a buying page that is not an account page (`/checkout`,
 *   `/payment`): the sign-in dialog opens over the page, which shows itself once signed in; closing the
 *   dialog goes to `leaveTo`.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { forgetAuthAction, requireAuth } from './require-auth';
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

/**
 * The guard of a buying page: a guest is asked to sign in where they are — the dialog over this
 * page — and stays on it once signed in; closing the dialog without signing in (or «Выйти» here) goes to
 * `leaveTo`. Render a skeleton while `user` is null.
 * @param leaveTo where a guest who does not sign in goes (e.g. `/cart`: the cart is kept)
 * @returns `{user, status}`; `user` is set once `status === 'signed-in'`
 */
export function useSignInHere(leaveTo: string): { user: SelfUser | null; status: AuthStatus } {
  const { user, status } = useAuth();
  const navigate = useNavigate();
  // One waiting action per page: nothing to do after signing in (the page shows itself), forgotten on leaving.
  const stay = useRef(() => undefined);
  useEffect(() => {
    if (status !== 'signed-out') return;
    if (useAuthStore.getState().exited) {
      useAuthStore.setState({ exited: false });
      void navigate(leaveTo, { replace: true });
      return;
    }
    requireAuth(stay.current, { onCancel: () => void navigate(leaveTo, { replace: true }) });
  }, [status, leaveTo, navigate]);
  useEffect(() => {
    const action = stay.current;
    return () => forgetAuthAction(action);
  }, []);
  return { user: status === 'signed-in' ? user : null, status };
}
