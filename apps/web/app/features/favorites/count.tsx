/**
 * «В избранном у 12» for the listing's seller on the product page. Loaded in the browser
 * (`GET /v1/favorites/{id}/count/`, the seller only) — the page's HTML is the same for everyone. Shown by
 * the heart in its place when the signed-in user is the seller.
 */
import { useEffect, useState } from 'react';
import { apiClient } from '../../shared/api/typed';
import classes from './heart.module.css';

export default function FavoriteCount({ productId }: { productId: number }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const params = { path: { id: productId } };
    void apiClient.GET('/v1/favorites/{id}/count/', { params, signal: ctl.signal }).then((res) => {
      if (res.ok) setCount(res.data.data.count);
    });
    return () => ctl.abort();
  }, [productId]);
  if (count === null) return null;
  return (
    <p className={classes.count} data-testid="favorite-count">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 20.3 4.7 13.2a4.7 4.7 0 0 1 6.6-6.7l.7.7.7-.7a4.7 4.7 0 0 1 6.6 6.7z" />
      </svg>
      {count > 0 ? `В избранном у ${count}` : 'Пока ни у кого в избранном'}
    </p>
  );
}
