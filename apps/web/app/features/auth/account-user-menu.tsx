/**
 * The signed-in header controls (a chunk of its own, loaded once a user is known): the notification bell
 * (features/notifications; here rather than in the header itself so that not even its loader is in the
 * public pages' first scripts, and never in the server's HTML) and the avatar menu — Профиль, Мои товары,
 * Покупки, Избранное, «Кабинет сотрудника» for staff only, and Выйти (spec §4).
 */
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBriefcase, IconHeart, IconLogout, IconShoppingBag, IconTag, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { NotificationBell } from '../notifications';
import { displayPhone } from './phone-mask';
import { useAuthStore } from './store';
import { userDisplayName, type AccountExtras, type SelfUser } from './types';
import classes from './account-user-menu.module.css';
import { UserAvatar } from './user-avatar';

/** The menu's account sections, in order. */
const LINKS = [
  { to: '/account', label: 'Профиль', Icon: IconUser },
  { to: '/account/sales', label: 'Мои товары', Icon: IconTag },
  { to: '/account/history', label: 'Покупки', Icon: IconShoppingBag },
  { to: '/account/favorites', label: 'Избранное', Icon: IconHeart },
] as const;

export default function AccountUserMenu({
  user,
  signOut,
  extras,
}: {
  user: SelfUser;
  signOut: () => Promise<void>;
  /** Parts of other features: beside the avatar, and sections of the menu (account-menu.tsx). */
  extras?: AccountExtras;
}) {
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const exit = async () => {
    await signOut();
    notifications.show({ message: 'Вы вышли из профиля' });
    await navigate('/');
    useAuthStore.setState({ exited: false });
  };

  return (
    <>
      {extras?.header}
      {token && <NotificationBell token={token} />}
      <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Меню профиля" data-testid="account-menu" className={classes.avatarButton}>
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
          {LINKS.map(({ to, label, Icon }) => (
            <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={18} stroke={1.6} />}>
              {label}
            </Menu.Item>
          ))}
          {extras?.menu}
          {user.is_staff && (
            <Menu.Item component={Link} to="/admin" leftSection={<IconBriefcase size={18} stroke={1.6} />}>
              Кабинет сотрудника
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => void exit()} leftSection={<IconLogout size={18} stroke={1.6} />}>
            Выйти
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
