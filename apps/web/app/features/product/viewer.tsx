/**
 * The product page's parts that depend on who is looking. They read the sign-in state themselves, so the page
 * around them is not rendered again when that state becomes known after hydration (a store's change renders its
 * readers at once, in one uninterrupted task: the whole page was one such reader; decision 0130).
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import type { ReactNode } from 'react';
import { useAuth } from '../auth';
import { isOwnListing } from '../sell';
import { useViewBeacon } from './use-view-beacon';

/**
 * `own` for the listing's seller, `other` for everyone else (a guest, and while the sign-in state is not known).
 * Both are elements made by the page: when only the sign-in state changes, they are kept as they are.
 */
export function ForViewer({
  product,
  own,
  other,
}: {
  product: Pick<ProductDetail, 'seller'>;
  own: ReactNode;
  other: ReactNode;
}) {
  const { user } = useAuth();
  return isOwnListing(product, user?.id) ? own : other;
}

/**
 * Counts the page view once the sign-in state is known (`useViewBeacon`); renders nothing. Nothing is sent for a
 * draft, nor for the seller looking at their own listing: the server would not count it, and a listing the seller
 * is changing (withdrawn, blocked by staff) would answer the late view with a 404.
 */
export function ViewBeacon({ product }: { product: Pick<ProductDetail, 'slug' | 'status' | 'seller'> }) {
  const { user, token, status } = useAuth();
  const skip = product.status === 'draft' || isOwnListing(product, user?.id);
  useViewBeacon(product.slug, skip, { ready: status !== 'unknown', userId: user?.id, token });
  return null;
}
