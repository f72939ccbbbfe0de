/**
 * The notification parts the header and the profile page render: each a chunk of its own, so the socket
 * client, the list and the settings stay out of every page's first scripts (150 KB budget) and load
 * only for a signed-in user.
 */
import { Skeleton } from '@mantine/core';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import classes from './bell.module.css';

const Bell = lazyWithReload<{ token: string }>(() => import('./bell'));
const Settings = lazyWithReload<object>(() => import('./settings'));

/**
 * The header bell for the signed-in user with `token` (render it only then: the server-rendered header is
 * the same for every visitor and has no bell). A fixed-size space holds its place while its chunk loads.
 */
export function NotificationBell({ token }: { token: string }) {
  return (
    <LazyPart fallback={<span className={classes.placeholder} aria-hidden />}>
      <Bell token={token} />
    </LazyPart>
  );
}

/** «Уведомления» on the profile page: which types come on the site and by SMS. */
export function NotificationSettingsSection() {
  return (
    <LazyPart fallback={<Skeleton height={320} radius="lg" />}>
      <Settings />
    </LazyPart>
  );
}
