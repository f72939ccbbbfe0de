/** Screen `account-favorites` (/account/favorites, spec §2): a designed empty state until favorites arrive. */
import { FavoritesEmpty } from '../features/auth';

export function meta() {
  return [{ title: 'Избранное — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <FavoritesEmpty />;
}
