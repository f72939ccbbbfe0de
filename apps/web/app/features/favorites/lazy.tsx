/**
 * The favorites feature's parts as chunks of their own, out of the public pages' first scripts (the JS
 * budget): the server renders them into the HTML, and the browser hydrates them when their chunk has arrived.
 */
import { useState, useSyncExternalStore } from 'react';
import { isChunkLoadError, reloadOnce } from '../../shared/lib/client-guards';
import { LazyPart, lazyWithReload, preloadWhenIdle } from '../../shared/lib/lazy';

const Heart = lazyWithReload(() => import('./heart'));
/**
 * The same heart for a card in a group's boundary (no `LazyPart` of its own, so no error boundary either): a chunk
 * that cannot be loaded reloads the page as `lazyWithReload` does (at most once per 10 s) and otherwise leaves the
 * card without its heart, rather than failing the group of cards.
 */
const GroupedHeart = lazyWithReload(() =>
  import('./heart').catch((e: unknown) => {
    if (isChunkLoadError(e)) reloadOnce();
    return { default: NoHeart };
  }),
);
function NoHeart() {
  return null;
}
const noSubscribe = () => () => undefined;
// In the browser the download starts once the first page with hearts is idle (decision 0160), so a navigation
// shows them at once; on the first page a heart's own hydration (its card near the viewport) asks for it sooner.
preloadWhenIdle(Heart);

/**
 * The heart (heart.tsx) on a card (`large`: on the product page, where the seller sees «В избранном у N»
 * instead), hydrated when its chunk arrives. The server renders it off for everyone, the same for every listing.
 *
 * A card of a grid's group (`grouped`, decision 0175) rendered on the server, or hydrated from its HTML, has no
 * Suspense boundary of its own: the group's boundary holds the card's hydration until the chunk is there (it is
 * asked for as the group hydrates, and preloaded when idle). 24 boundaries fewer on a catalog page's render and
 * hydration. Rendered anew in the browser (a navigation), it keeps its own boundary, so a chunk still on its way
 * leaves the card shown. Which of the two is fixed at mount: the server's snapshot is read only while hydrating.
 */
export function FavoriteHeart({
  grouped = false,
  ...props
}: {
  productId: number;
  sellerId: number;
  large?: boolean;
  grouped?: boolean;
}) {
  // True on the server and while hydrating the server's HTML (React reads the server's snapshot then), else false.
  const fromServer = useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  );
  const [bare] = useState(grouped && fromServer);
  if (bare) return <GroupedHeart {...props} />;
  return (
    <LazyPart>
      <Heart {...props} />
    </LazyPart>
  );
}
