/**
 * The signed-in header menu (a chunk of its own, loaded once a user is known): the avatar opens Профиль,
 * Мои товары, Покупки, Избранное and Выйти (spec §4).
 */
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconLogout, IconShoppingBag, IconTag, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { displayPhone } from './phone-mask';
import { useAuthStore } from './store';
import { userDisplayName, type SelfUser } from './types';
import { UserAvatar } from './user-avatar';

export default function AccountUserMenu({ user, signOut }: { user: SelfUser; signOut: () => Promise<void> }) {
  const navigate = useNavigate();
  const exit = async () => {
    await signOut();
    notifications.show({ message: 'Вы вышли из профиля' });
    await navigate('/');
    useAuthStore.setState({ exited: false });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label="Меню профиля"
          data-testid="account-menu"
          style={{ borderRadius: '50%', padding: 2 }}
        >
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
