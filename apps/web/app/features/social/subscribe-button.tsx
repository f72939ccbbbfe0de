/**
 * «Подписаться» / «Вы подписаны» on a seller's page. Signed out → the sign-in dialog opens over the page
 * and the subscription completes after signing in (`requireAuth`). Hidden on one's own page. Reports the change so the page can update its counter.
 * Mantine's Button (with its Loader) stays out of the seller page's first scripts: the page renders this on
 * the server and hydrates it when its chunk has arrived.
 */
import { Button } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { errorMessage } from '../../shared/api/query';
import { showNotification } from '../../shared/lib/notify';
import { requireAuth, useAuth } from '../auth';
import { fetchSubscribed, useIsSubscribed, useToggleSubscription } from './queries';

/** The button (the default export: seller-profile.tsx loads it as a chunk of its own). */
export default function SubscribeButton({
  sellerId,
  onChange,
}: {
  sellerId: number;
  onChange?: (subscribed: boolean) => void;
}) {
  const { user, status } = useAuth();
  const following = status === 'signed-in' && !!user && user.id !== sellerId;
  const subscribedQuery = useIsSubscribed(sellerId, following);
  const subscribed = following ? (subscribedQuery.data ?? null) : null;
  const toggleSubscription = useToggleSubscription(sellerId);
  const busy = toggleSubscription.isPending;

  if (user && user.id === sellerId) return null;

  const change = (next: boolean) =>
    toggleSubscription.mutate(next, {
      onSuccess: (now) => onChange?.(now),
      onError: (err) => showNotification({ color: 'red', title: 'Не получилось', message: errorMessage(err) }),
    });

  function toggle() {
    if (status === 'signed-in') return change(!subscribed);
    // A guest: the sign-in dialog over this page, then the subscription — no second press.
    requireAuth((signedIn) => {
      if (signedIn.id === sellerId) return;
      void fetchSubscribed(sellerId).then(
        (already) => already || change(true),
        () => change(true),
      );
    });
  }

  return subscribed ? (
    <Button variant="default" leftSection={<IconCheck size={18} />} onClick={toggle} loading={busy} aria-pressed="true">
      Вы подписаны
    </Button>
  ) : (
    <Button
      leftSection={<IconPlus size={18} />}
      onClick={toggle}
      loading={busy || status === 'unknown' || (status === 'signed-in' && subscribed === null && !!user)}
      aria-pressed="false"
    >
      Подписаться
    </Button>
  );
}
