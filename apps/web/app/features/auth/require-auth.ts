/**
 * The one way to run an action that needs an account: `requireAuth(action)` runs it
 * at once for a signed-in user; a guest gets the sign-in dialog where they are (no redirect) and the action
 * runs right after signing in — no second press. Closing the dialog without signing in drops the action
 * (and calls `onCancel`, e.g. to leave a page that cannot be shown to a guest). Only the latest waiting
 * action is kept: a guest who presses another button meanwhile changes what happens after signing in.
 */
import { onSignInClosed, openSignIn } from './sign-in-state';
import { startAuth, useAuthStore } from './store';
import type { SelfUser } from './types';

/** What a guest asked for, run once they are signed in. */
/** What to do once signed in; an async action runs on its own (it reports its own errors). */
export type AuthAction = (user: SelfUser) => void | Promise<void>;

interface Waiting {
  action: AuthAction;
  onCancel?: () => void;
}

let waiting: Waiting | null = null;
let stopListening: (() => void) | null = null;

function settle() {
  const w = waiting;
  waiting = null;
  stopListening?.();
  stopListening = null;
  if (!w) return;
  const { user, status } = useAuthStore.getState();
  if (status === 'signed-in' && user) void w.action(user);
  else w.onCancel?.();
}

/**
 * Runs `action` with the signed-in user, now or after the guest signs in through the dialog.
 * While the stored token is still being checked (page start) it waits for the answer first.
 * @param action what the person asked for; it gets the signed-in user
 * @param options.onCancel called when the guest closes the dialog without signing in
 */
export function requireAuth(action: AuthAction, options: { onCancel?: () => void } = {}): void {
  startAuth();
  const { status, user, loadError } = useAuthStore.getState();
  if (status === 'signed-in' && user) {
    void action(user);
    return;
  }
  if (status === 'unknown' && !loadError) {
    // Storage is being read or the stored token checked (page start): decide once that is done.
    const stop = useAuthStore.subscribe((s) => {
      if (s.status === 'unknown' && !s.loadError) return;
      stop();
      requireAuth(action, options);
    });
    return;
  }
  // A replaced action is dropped quietly: the person is still signing in, now for the new one.
  waiting = { action, onCancel: options.onCancel };
  stopListening ??= onSignInClosed(settle);
  openSignIn();
}

/** Drops a waiting action without running it or its `onCancel` (a screen that asked for it went away). */
export function forgetAuthAction(action: AuthAction): void {
  if (waiting?.action !== action) return;
  waiting = null;
  stopListening?.();
  stopListening = null;
}
