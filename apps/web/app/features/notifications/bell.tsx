/**
 * The header bell of a signed-in user (a chunk of its own, loaded only once a user is known): it opens the
 * notification socket, shows the unread count in its name and badge, the list in a popover on desktop and in
 * a bottom drawer on phones (< 48em), and a toast for each new notification while the tab is visible.
 */
import { ActionIcon, Drawer, Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../shared/lib/plural';
import { showNotification } from '../../shared/lib/notify';
import classes from './bell.module.css';
import { NotificationPanel, UNREAD_FORMS } from './panel';
import type { Notification } from './rules';
import { connectNotifications } from './socket';
import { markRead, useNotifications } from './store';

/**
 * A toast for a new notification while the tab is visible; its text is a link to what it is about (the order,
 * the listing, the seller), which also closes the toast and marks the notification read.
 */
function toast(n: Notification) {
  if (document.visibilityState !== 'visible') return;
  // The page it leads to is on screen (the very conversation of a new message): nothing to announce.
  if (window.location.pathname + window.location.search === n.link) return;
  const id = `notification-${n.id}`;
  showNotification({
    id,
    title: n.title,
    message: (
      <Link
        to={n.link}
        className={classes.toastLink}
        onClick={() => {
          void markRead(n.id);
          void import('@mantine/notifications').then((m) => m.notifications.hide(id));
        }}
      >
        {n.text}
      </Link>
    ),
    color: 'coral.5',
    autoClose: 6000,
    icon: <IconBell size={18} stroke={1.8} />,
  });
}

export default function NotificationBell({ token }: { token: string }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [opened, setOpened] = useState(false);
  const unread = useNotifications((s) => s.unread);
  const connection = useRef<ReturnType<typeof connectNotifications> | null>(null);

  useEffect(() => {
    const c = connectNotifications(token, toast);
    connection.current = c;
    return () => {
      c.stop();
      connection.current = null;
    };
  }, [token]);

  const close = () => setOpened(false);
  const retry = () => connection.current?.retry();
  const label = unread ? `Уведомления, ${countLabel(unread, UNREAD_FORMS)}` : 'Уведомления';

  const bell = (
    <ActionIcon
      variant="subtle"
      color="ink.9"
      className={classes.bell}
      aria-label={label}
      onClick={() => setOpened((o) => !o)}
      data-testid="notifications-bell"
    >
      <IconBell size={24} stroke={1.6} />
    </ActionIcon>
  );
  // The badge is drawn here rather than with Mantine's Indicator: sharing Indicator with the header's cart
  // would split it into a chunk of its own on every public page's first load.
  const withBadge = (target: ReactNode) => (
    <span className={classes.badged}>
      {target}
      {unread > 0 && (
        <span className={classes.badge} aria-hidden data-testid="notifications-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );

  if (phone) {
    return (
      <>
        {withBadge(bell)}
        <Drawer
          opened={opened}
          onClose={close}
          position="bottom"
          size="85%"
          radius="md"
          title="Уведомления"
          className={classes.drawer}
          styles={{ title: { fontWeight: 700, fontSize: 18 }, body: { padding: 0 } }}
        >
          <NotificationPanel onClose={close} onRetry={retry} withTitle={false} />
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={400}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      closeOnEscape
      zIndex={300}
    >
      {withBadge(<Popover.Target>{bell}</Popover.Target>)}
      <Popover.Dropdown p={0} style={{ overflow: 'hidden' }} data-testid="notifications-popover">
        <NotificationPanel onClose={close} onRetry={retry} withTitle />
      </Popover.Dropdown>
    </Popover>
  );
}
