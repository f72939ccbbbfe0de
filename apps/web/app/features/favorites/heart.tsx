/**
 * The heart on a listing card and on the product page: «Добавить в избранное» /
 * «Убрать из избранного», `aria-pressed`. The server renders it off for everyone (cached public HTML); a
 * signed-in user's hearts are filled on the first paint from the browser's copy of their ids (browser-copy.ts),
 * and follow the server's ids once they arrive. Signed out, it opens the sign-in dialog and the add
 * completes after signing in (the auth feature's `requireAuth`). Its seller sees «В избранном у N» on the product page instead. A chunk of its own (lazy.tsx); loading and toggling (`actions.ts`) arrive as
 * another once a user is signed in or a heart is pressed.
 */
import { useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import { requireAuth, useAuth } from '../auth';
import FavoriteCount from './count';
import { useFavorites } from './store';
import classes from './heart.module.css';

const actions = () => import('./actions');
const noSubscribe = () => () => undefined;

/**
 * @param productId the listing's id
 * @param sellerId its seller: the seller gets no heart — on the product page «В избранном у N» instead
 * @param large the product page's bigger, outlined button (default: the round one over a card's photo)
 */
export default function FavoriteHeart({
  productId,
  sellerId,
  large = false,
}: {
  productId: number;
  sellerId: number;
  large?: boolean;
}) {
  const { user, status } = useAuth();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const on = useFavorites((s) => s.ids.has(productId));
  const behind = useFavorites((s) => s.owner !== userId || !s.asked);
  // False in the server's HTML and while hydrating it: the first-paint stylesheet (browser-copy.ts) fills the
  // heart until then; true from the browser's first own render, whose aria-pressed then rules.
  const live = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  // The signed-in user's ids load once per page (the first heart asks; a new user: again); signed out, cleared.
  useEffect(() => {
    if (status !== 'unknown' && behind) void actions().then((m) => m.syncFavorites(userId));
  }, [status, userId, behind]);
  const click = (e: MouseEvent) => {
    e.preventDefault();
    if (status === 'signed-in') return void actions().then((m) => m.toggleFavorite(productId, !on));
    // A guest: the sign-in dialog, then the add (their own listing excepted) — no second press.
    void actions(); // loads while they sign in
    requireAuth((signedIn) => {
      if (signedIn.id !== sellerId) void actions().then((m) => m.addWhenSynced(productId, signedIn.id));
    });
  };
  if (userId !== null && userId === sellerId) return large ? <FavoriteCount productId={productId} /> : null;
  const label = on ? 'Убрать из избранного' : 'Добавить в избранное';
  return (
    <button
      type="button"
      className={large ? classes.large : classes.card}
      aria-pressed={on}
      aria-label={label}
      data-fav-id={productId}
      data-fav-live={live ? '' : undefined}
      onClick={click}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 20.3 4.7 13.2a4.7 4.7 0 0 1 6.6-6.7l.7.7.7-.7a4.7 4.7 0 0 1 6.6 6.7z" />
      </svg>
    </button>
  );
}
