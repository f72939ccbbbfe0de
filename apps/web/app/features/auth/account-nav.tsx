/**
 * Account navigation (spec §2): every account section — a horizontal scrollable strip of links on phones,
 * a sidebar with the user's name on wider screens. The current section is marked `aria-current="page"`.
 */
import { Box, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconChartBar,
  IconHeart,
  IconMessage2,
  IconPlus,
  IconShoppingBag,
  IconTag,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './account-nav.module.css';
import { displayPhone } from './phone-mask';
import { userDisplayName, type SelfUser } from './types';
import { UserAvatar } from './user-avatar';

/** Account sections in navigation order: [path, label, icon]. */
export const ACCOUNT_NAV: [string, string, Icon][] = [
  ['/account', 'Профиль', IconUser],
  ['/account/favorites', 'Избранное', IconHeart],
  ['/account/history', 'История покупок', IconShoppingBag],
  ['/account/messenger', 'Сообщения', IconMessage2],
  ['/account/sales-center', 'Центр продаж', IconChartBar],
  ['/account/sales', 'Мои товары и продажи', IconTag],
  ['/account/sell-create', 'Продать', IconPlus],
];

const isActive = (pathname: string, href: string) => pathname.replace(/\/$/, '') === href;

/** The phone strip (hidden from `sm` up). */
export function AccountNavStrip() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <Box component="nav" aria-label="Разделы профиля" hiddenFrom="sm" ref={ref} className={classes.strip}>
      {ACCOUNT_NAV.map(([href, label, Icon]) => (
        <Link
          key={href}
          to={href}
          prefetch="intent"
          className={classes.pill}
          aria-current={isActive(pathname, href) ? 'page' : undefined}
        >
          <Icon size={16} stroke={1.8} aria-hidden />
          {label}
        </Link>
      ))}
    </Box>
  );
}

/** The sidebar (from `sm` up) with the signed-in user on top. */
export function AccountSidebar({ user }: { user: SelfUser | null }) {
  const { pathname } = useLocation();
  return (
    <Box visibleFrom="sm" w={248} className={classes.side} style={{ flexShrink: 0 }}>
      <Group gap="sm" wrap="nowrap" mb="md" px={12} mih={48}>
        {user ? (
          <>
            <UserAvatar user={user} size={44} />
            <Box style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {userDisplayName(user)}
              </Text>
              {(user.first_name || user.last_name) && (
                <Text size="sm" c="ink.6" style={{ whiteSpace: 'nowrap' }}>
                  {displayPhone(user.phone)}
                </Text>
              )}
            </Box>
          </>
        ) : (
          <>
            <Skeleton circle height={44} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="70%" />
              <Skeleton height={10} width="50%" />
            </Stack>
          </>
        )}
      </Group>
      <Stack component="nav" aria-label="Разделы профиля" gap={2}>
        {ACCOUNT_NAV.map(([href, label, Icon]) => (
          <NavLink
            key={href}
            component={Link}
            to={href}
            prefetch="intent"
            label={label}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            active={isActive(pathname, href)}
            aria-current={isActive(pathname, href) ? 'page' : undefined}
            variant="subtle"
            color="ink"
            className={classes.sideLink}
          />
        ))}
      </Stack>
    </Box>
  );
}
