/** Screen `account-favorites` (/account/favorites, spec §2): the user's favorites. */
import { FavoritesPage } from '../features/favorites';

export function meta() {
  return [{ title: 'Избранное — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <FavoritesPage />;
}
