/**
 * Header account control (spec §4): «Войти» when signed out (opens the sign-in dialog), an avatar menu when
 * signed in (Профиль, Мои товары, Покупки, Избранное, Выйти). It also starts the auth state and mounts the
 * sign-in dialog once for the whole site.
 */
import { ActionIcon, Button, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconLogout, IconShoppingBag, IconTag, IconUser, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { displayPhone } from './phone-mask';
import { SignInDialog } from './sign-in-dialog';
import { openSignIn } from './sign-in-state';
import { useAuthStore } from './store';
import { userDisplayName } from './types';
import { useAuth } from './use-auth';
import { UserAvatar } from './user-avatar';

export function AccountMenu() {
  return (
    <>
      <AccountControl />
      <SignInDialog />
    </>
  );
}

function AccountControl() {
  const { user, status, signOut, loadError } = useAuth();
  const navigate = useNavigate();

  if (status === 'unknown' && loadError) {
    return (
      <ActionIcon component={Link} to="/account" variant="subtle" color="ink.9" size={40} aria-label="Профиль">
        <IconUserCircle size={24} stroke={1.6} />
      </ActionIcon>
    );
  }
  if (status === 'unknown') return <Skeleton circle height={36} width={36} mx={2} aria-hidden data-testid="account-loading" />;

  if (status === 'signed-out' || !user) {
    return (
      <>
        <Button variant="subtle" color="ink.9" onClick={() => openSignIn()} visibleFrom="sm" px={10} data-testid="sign-in-button">
          Войти
        </Button>
        <ActionIcon variant="subtle" color="ink.9" size={40} onClick={() => openSignIn()} hiddenFrom="sm" aria-label="Войти">
          <IconUserCircle size={24} stroke={1.6} />
        </ActionIcon>
      </>
    );
  }

  const exit = async () => {
    await signOut();
    notifications.show({ message: 'Вы вышли из профиля' });
    await navigate('/');
    useAuthStore.setState({ exited: false });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Меню профиля" data-testid="account-menu" style={{ borderRadius: '50%', padding: 2 }}>
          <UserAvatar user={user} size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="ink.9" size="sm" truncate>
            {userDisplayName(user)}
          </Text>
          {user.first_name || user.last_name ? (
            <Text size="xs" c="ink.6">
              {displayPhone(user.phone)}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUser size={18} stroke={1.6} />}>
          Профиль
        </Menu.Item>
        <Menu.Item component={Link} to="/account/sales" leftSection={<IconTag size={18} stroke={1.6} />}>
          Мои товары
        </Menu.Item>
        <Menu.Item component={Link} to="/account/history" leftSection={<IconShoppingBag size={18} stroke={1.6} />}>
          Покупки
        </Menu.Item>
        <Menu.Item component={Link} to="/account/favorites" leftSection={<IconHeart size={18} stroke={1.6} />}>
          Избранное
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void exit()} leftSection={<IconLogout size={18} stroke={1.6} />}>
          Выйти
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
