/**
 * The favorites feature's parts as chunks of their own, out of the public pages' first scripts (the JS
 * budget): the server renders them into the HTML, and the browser hydrates them when their chunk has arrived.
 */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const Heart = lazyWithReload(() => import('./heart'));
// In the browser the download starts as soon as a page with hearts runs, so a navigation shows them at once.
if (!import.meta.env.SSR) void Heart.preload();

/**
 * The heart (heart.tsx) on a card (`large`: on the product page, where the seller sees «В избранном у N»
 * instead), hydrated when its chunk arrives. The server renders it off for everyone, the same for every listing.
 */
export function FavoriteHeart(props: { productId: number; sellerId: number; large?: boolean }) {
  return (
    <LazyPart>
      <Heart {...props} />
    </LazyPart>
  );
}
