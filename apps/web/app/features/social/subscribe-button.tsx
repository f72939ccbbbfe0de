/**
 * «Подписаться» / «Вы подписаны» on a seller's page. Signed out → the sign-in dialog opens (and brings the
 * visitor back here). Hidden on one's own page. Reports the change so the page can update its counter.
 * Mantine's Button (with its Loader) stays out of the seller page's first scripts: the page renders this on
 * the server and hydrates it when its chunk has arrived.
 */
import { Button } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { showNotification } from '../../shared/lib/notify';
import { openSignIn, useAuth } from '../auth/use-auth';
import { fetchIsSubscribed, subscribe, unsubscribe } from './api';

/** The button (the default export: seller-profile.tsx loads it as a chunk of its own). */
export default function SubscribeButton({
  sellerId,
  onChange,
}: {
  sellerId: number;
  onChange?: (subscribed: boolean) => void;
}) {
  const { user, status } = useAuth();
  const location = useLocation();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status !== 'signed-in' || !user || user.id === sellerId) {
      setSubscribed(null);
      return;
    }
    let live = true;
    void fetchIsSubscribed(sellerId).then((r) => live && r.ok && setSubscribed(r.data.subscribed));
    return () => {
      live = false;
    };
  }, [status, user, sellerId]);

  if (user && user.id === sellerId) return null;

  async function toggle() {
    if (status !== 'signed-in') {
      openSignIn(location.pathname + location.search);
      return;
    }
    setBusy(true);
    const next = !subscribed;
    const r = next ? await subscribe(sellerId) : await unsubscribe(sellerId);
    setBusy(false);
    if (!r.ok) {
      showNotification({ color: 'red', title: 'Не получилось', message: r.error.message });
      return;
    }
    setSubscribed(r.data.subscribed);
    onChange?.(r.data.subscribed);
  }

  return subscribed ? (
    <Button
      variant="default"
      leftSection={<IconCheck size={18} />}
      onClick={() => void toggle()}
      loading={busy}
      aria-pressed="true"
    >
      Вы подписаны
    </Button>
  ) : (
    <Button
      leftSection={<IconPlus size={18} />}
      onClick={() => void toggle()}
      loading={busy || status === 'unknown' || (status === 'signed-in' && subscribed === null && !!user)}
      aria-pressed="false"
    >
      Подписаться
    </Button>
  );
}
