/** Screen `account-sales` (/account/sales, spec §2): my listings by status with actions, and my sales. */
import { OwnerListings } from '../features/sell';

export function meta() {
  return [{ title: 'Мои товары и продажи — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <OwnerListings />;
}
