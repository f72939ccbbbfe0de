/**
 * Header account control (spec §4): «Войти» when signed out (opens the sign-in dialog), an avatar menu when
 * signed in (Профиль, Мои товары, Покупки, Избранное, Выйти). It also starts the auth state and mounts the
 * sign-in dialog for the whole site. The avatar menu and the dialog are chunks of their own: the menu loads
 * once a user is known, the dialog when it is first opened (or when the browser is idle after hydration).
 */
import { ActionIcon, Button, Skeleton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyWithReload, useIdleLoad } from '../../shared/lib/lazy';
import { openSignIn, useSignInDialog } from './sign-in-state';
import { useAuth } from './use-auth';

const SignInDialog = lazyWithReload(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));
const AccountUserMenu = lazyWithReload(() => import('./account-user-menu'));

const loading = <Skeleton circle height={36} width={36} mx={2} aria-hidden data-testid="account-loading" />;

export function AccountMenu() {
  // Mounted from the first opening on (and kept, so the dialog can play its closing transition).
  const used = useSignInDialog((s) => s.opened || s.used);
  useIdleLoad(SignInDialog.preload, 5000);
  return (
    <>
      <AccountControl />
      {used && (
        <Suspense fallback={null}>
          <SignInDialog />
        </Suspense>
      )}
    </>
  );
}

function AccountControl() {
  const { user, status, signOut, loadError } = useAuth();

  if (status === 'unknown' && loadError) {
    return (
      <ActionIcon component={Link} to="/account" variant="subtle" color="ink.9" size={40} aria-label="Профиль">
        <IconUserCircle size={24} stroke={1.6} />
      </ActionIcon>
    );
  }
  if (status === 'unknown') return loading;

  if (status === 'signed-out' || !user) {
    return (
      <>
        <Button
          variant="subtle"
          color="ink.9"
          onClick={() => openSignIn()}
          visibleFrom="sm"
          px={10}
          data-testid="sign-in-button"
        >
          Войти
        </Button>
        <ActionIcon
          variant="subtle"
          color="ink.9"
          size={40}
          onClick={() => openSignIn()}
          hiddenFrom="sm"
          aria-label="Войти"
        >
          <IconUserCircle size={24} stroke={1.6} />
        </ActionIcon>
      </>
    );
  }

  return (
    <Suspense fallback={loading}>
      <AccountUserMenu user={user} signOut={signOut} />
    </Suspense>
  );
}
