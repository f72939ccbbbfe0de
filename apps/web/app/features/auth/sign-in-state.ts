/**
 * Whether the sign-in dialog is open and where to go after signing in (spec §4 account guard).
 * Open it from anywhere: `openSignIn('/account/sales')`.
 */
import { create } from 'zustand';

interface SignInDialogState {
  opened: boolean;
  /** Path to open after a successful sign-in (the page the person asked for), or null to stay. */
  redirectTo: string | null;
  /** Opened at least once on this page (the lazily loaded dialog stays mounted from then on). */
  used: boolean;
}

export const useSignInDialog = create<SignInDialogState>()(() => ({ opened: false, redirectTo: null, used: false }));

/**
 * Opens the sign-in dialog.
 * @param redirectTo a same-site path (`/account…`) to open after signing in
 */
export function openSignIn(redirectTo?: string) {
  const safe = redirectTo && redirectTo.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : null;
  useSignInDialog.setState({ opened: true, redirectTo: safe, used: true });
}

/** Closes the dialog (the person changed their mind: no redirect). */
export function closeSignIn() {
  useSignInDialog.setState({ opened: false, redirectTo: null });
}

/**
 * Calls `listener` each time the dialog closes — signed in or given up (then no token is stored): a guest's
 * action waiting for the sign-in is dropped when they gave up.
 * @returns a function that stops listening
 */
export function onSignInClosed(listener: () => void): () => void {
  return useSignInDialog.subscribe((s, prev) => {
    if (prev.opened && !s.opened) listener();
  });
}
