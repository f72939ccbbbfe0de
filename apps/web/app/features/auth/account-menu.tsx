/**
 * Header account control (spec §4): «Войти» when signed out (opens the sign-in dialog), an avatar menu when
 * signed in (Профиль, Мои товары, Покупки, Избранное, Выйти). It also starts the auth state and mounts the
 * sign-in dialog for the whole site. The avatar menu and the dialog are chunks of their own: the menu loads
 * once a user is known, the dialog when the pointer reaches «Войти» or the dialog is first opened.
 */
import { LineIcon } from '../../shared/ui/line-icons';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { LightButton, LightIconButton } from '../../shared/ui/light-button';
import { openSignIn, useSignInDialog } from './sign-in-state';
import { useAuth } from './use-auth';
import type { AccountExtras } from './types';

const SignInDialog = lazyWithReload<object>(() =>
  import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })),
);
const preloadDialog = () => void SignInDialog.preload();
const AccountUserMenu = lazyWithReload(() => import('./account-user-menu'));

/** «Войти» (from 48em) or the person icon (phones): the signed-out control. */
function SignInButtons() {
  return (
    <>
      <LightButton
        variant="subtle"
        onClick={() => openSignIn()}
        onPointerEnter={preloadDialog}
        visibleFrom="sm"
        style={{ paddingInline: 'calc(0.625rem * var(--mantine-scale))' }}
        data-testid="sign-in-button"
      >
        Войти
      </LightButton>
      <LightIconButton onClick={() => openSignIn()} onPointerEnter={preloadDialog} hiddenFrom="sm" aria-label="Войти">
        <LineIcon name="userCircle" stroke={1.6} />
      </LightIconButton>
    </>
  );
}

/**
 * While the auth state is read (the server's HTML and the first paint): the signed-out control, invisible and
 * inert, so the header has its final size from the first paint for a visitor (no shimmer that «Войти» replaces).
 */
const loading = (
  <span inert aria-hidden style={{ display: 'contents', visibility: 'hidden' }} data-testid="account-loading">
    <SignInButtons />
  </span>
);

/**
 * @param extras what another feature adds for a signed-in user: `header` beside the avatar (the messenger's icon),
 *   `menu` among the avatar menu's sections (inside the menu: `Menu.Item`s)
 */
export function AccountMenu({ extras }: { extras?: AccountExtras }) {
  // Mounted from the first opening on (and kept, so the dialog can play its closing transition).
  const used = useSignInDialog((s) => s.opened || s.used);
  return (
    <>
      <AccountControl extras={extras} />
      {used && (
        <LazyPart fallback={null}>
          <SignInDialog />
        </LazyPart>
      )}
    </>
  );
}

function AccountControl({ extras }: { extras?: AccountExtras }) {
  const { user, status, signOut, loadError } = useAuth();

  if (status === 'unknown' && loadError) {
    return (
      <LightIconButton to="/account" aria-label="Профиль">
        <LineIcon name="userCircle" stroke={1.6} />
      </LightIconButton>
    );
  }
  if (status === 'unknown') return loading;

  if (status === 'signed-out' || !user) return <SignInButtons />;

  return (
    <LazyPart fallback={loading}>
      <AccountUserMenu user={user} signOut={signOut} extras={extras} />
    </LazyPart>
  );
}
