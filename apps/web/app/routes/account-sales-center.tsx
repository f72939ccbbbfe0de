/** Screen `account-sales-center` (/account/sales-center): listing counts by status, subscribers and subscriptions. */
import { SalesCenter } from '../features/social';

export function meta() {
  return [{ title: 'Центр продаж — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <SalesCenter />;
}
