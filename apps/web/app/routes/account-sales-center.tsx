/** Screen `account-sales-center` (/account/sales-center): the seller's dashboard (features/sales-center). */
import { SalesCenterPage } from '../features/sales-center';

export function meta() {
  return [{ title: 'Центр продаж — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <SalesCenterPage />;
}
