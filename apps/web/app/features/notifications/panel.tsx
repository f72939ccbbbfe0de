/**
 * The notification list inside the bell's popover (desktop) or drawer (phones): newest first, each item a
 * link that marks it read; unread ones carry a coral dot and bold title; «Прочитать все», «Показать ещё»
 * for older pages; loading skeleton, empty and error states.
 */
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconBell, IconCash, IconSettings, IconShoppingBag, IconTruck, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatRelative } from '../../shared/lib/dates';
import { countLabel } from '../../shared/lib/plural';
import classes from './bell.module.css';
import type { Notification } from './rules';
import { loadMore, markAllRead, markRead, useNotifications } from './store';

export const UNREAD_FORMS = ['непрочитанное', 'непрочитанных', 'непрочитанных'] as const;

export function NotificationPanel({
  onClose,
  onRetry,
  withTitle,
}: {
  /** Closes the popover or drawer (after a click on an item). */
  onClose: () => void;
  /** Reconnects at once (error state). */
  onRetry: () => void;
  /** The popover shows its own title; the drawer has one already. */
  withTitle: boolean;
}) {
  const s = useNotifications();
  const more = useRef<HTMLDivElement>(null);
  // «5 минут назад» moves on while the list is open: a new "now" every 30 s re-renders the times.
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });
  const canLoadMore = s.received && s.hasMore && !s.moreError;

  // Infinite scroll: the next page loads as «Показать ещё» comes into view (the button stays for keyboards).
  useEffect(() => {
    const target = more.current;
    if (!canLoadMore || !target || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), {
      // The viewport as root: the list's own scrolling (popover) or the drawer's clips what counts as seen.
      root: null,
    });
    io.observe(target);
    return () => io.disconnect();
  }, [canLoadMore, s.items.length]);
  const [readAllError, setReadAllError] = useState<string | null>(null);
  const [readingAll, setReadingAll] = useState(false);

  const readAll = async () => {
    setReadingAll(true);
    setReadAllError(await markAllRead());
    setReadingAll(false);
  };

  let body;
  if (!s.received && (s.status === 'failed' || s.status === 'unauthorized')) {
    body = (
      <Stack align="center" gap={6} py={40} px="md" ta="center" role="alert">
        <Text fw={700}>Не удалось загрузить уведомления</Text>
        <Text size="sm" c="ink.6">
          {s.status === 'unauthorized'
            ? 'Войдите снова, чтобы видеть уведомления.'
            : 'Проверьте интернет — мы подключимся сами, или попробуйте сейчас.'}
        </Text>
        {s.status === 'failed' && (
          <Button variant="default" mt={8} onClick={onRetry}>
            Повторить
          </Button>
        )}
      </Stack>
    );
  } else if (!s.received) {
    body = (
      <Stack
        gap={0}
        role="status"
        aria-busy="true"
        aria-label="Загружаем уведомления"
        data-testid="notifications-loading"
      >
        {[0, 1, 2].map((i) => (
          <Group key={i} gap={12} px={16} py={12} wrap="nowrap" align="flex-start">
            <Skeleton circle height={44} width={44} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="90%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (s.items.length === 0) {
    body = (
      <Stack align="center" gap={6} py={40} px="md" ta="center">
        <span className={classes.icon} aria-hidden>
          <IconBell size={22} stroke={1.6} />
        </span>
        <Text fw={700} mt={6}>
          Пока нет уведомлений
        </Text>
        <Text size="sm" c="ink.6" maw={280}>
          Здесь появятся продажи, заказы, новые подписчики и вещи продавцов, на которых вы подписаны.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <>
        <ul className={classes.list} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Уведомления">
          {s.items.map((n) => (
            <li key={n.id}>
              <Item
                n={n}
                now={now}
                onOpen={() => {
                  void markRead(n.id);
                  onClose();
                }}
              />
            </li>
          ))}
        </ul>
        {(s.hasMore || s.moreError) && (
          <Stack align="center" gap={4} py="sm" ref={more}>
            {s.moreError && (
              <Text size="sm" c="red.8" role="alert">
                {s.moreError}
              </Text>
            )}
            <Button variant="subtle" color="ink.9" loading={s.moreLoading} onClick={() => void loadMore()}>
              {s.moreError ? 'Попробовать ещё раз' : 'Показать ещё'}
            </Button>
          </Stack>
        )}
      </>
    );
  }

  return (
    <Stack gap={0} style={{ minHeight: 0 }}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px={16}
        py={withTitle ? 12 : 4}
        // Stays in view while the drawer's list scrolls under it.
        style={{ borderBottom: '1px solid var(--vt-line)', position: 'sticky', top: 0, zIndex: 1, background: '#fff' }}
      >
        {withTitle ? (
          // Focus lands on the heading when the popover opens (not on its first button).
          <Title order={2} fz={18} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
            Уведомления
          </Title>
        ) : (
          <Text size="sm" c="ink.6">
            {s.unread ? countLabel(s.unread, UNREAD_FORMS) : 'Всё прочитано'}
          </Text>
        )}
        {s.received && s.unread > 0 ? (
          <Button
            variant="subtle"
            color="ink.9"
            size="compact-sm"
            loading={readingAll}
            onClick={() => void readAll()}
            h={36}
          >
            Прочитать все
          </Button>
        ) : (
          <span style={{ height: 36 }} />
        )}
      </Group>
      {readAllError && (
        <Text size="sm" c="red.8" px={16} pt={8} role="alert">
          {readAllError}
        </Text>
      )}
      <div className={classes.scroll}>{body}</div>
      <Group justify="center" py={6} style={{ borderTop: '1px solid var(--vt-line)' }}>
        <Button
          component={Link}
          to="/account#notification-settings"
          variant="subtle"
          color="ink.9"
          size="compact-sm"
          h={36}
          leftSection={<IconSettings size={16} stroke={1.6} />}
          onClick={onClose}
        >
          Настроить уведомления
        </Button>
      </Group>
    </Stack>
  );
}

const TYPE_ICONS: Record<string, typeof IconBell> = {
  new_subscriber: IconUserPlus,
  order_paid: IconShoppingBag,
  order_shipped: IconTruck,
  payout_sent: IconCash,
};

function Item({ n, now, onOpen }: { n: Notification; now: Date; onOpen: () => void }) {
  const Icon = TYPE_ICONS[n.type] ?? IconBell;
  const unread = !n.read;
  return (
    <Link
      to={n.link}
      className={classes.item}
      data-unread={unread || undefined}
      onClick={onOpen}
      data-testid="notification"
    >
      {n.image ? (
        <img src={n.image} alt="" className={classes.thumb} loading="lazy" width={44} height={55} />
      ) : (
        <span className={classes.icon} aria-hidden>
          <Icon size={22} stroke={1.6} />
        </span>
      )}
      <span className={classes.body}>
        {unread && <span className="vt-visually-hidden">Не прочитано: </span>}
        <Text component="span" display="block" fw={unread ? 700 : 500} fz={14} lh={1.35}>
          {n.title}
        </Text>
        <Text component="span" display="block" fz={14} lh={1.4} c="ink.7" className={classes.text}>
          {n.text}
        </Text>
        <Text component="span" display="block" fz={12} c="ink.6" mt={4}>
          <time dateTime={n.created_at}>{formatRelative(n.created_at, now)}</time>
        </Text>
      </span>
      <span className={unread ? classes.dot : classes.dotPlaceholder} aria-hidden />
    </Link>
  );
}
