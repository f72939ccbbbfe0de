/** Screen `fail` (spec §2): the bank declined — nothing was charged, the item is released; try again. */
import { useSearchParams } from 'react-router';
import { SignedInOnly } from '../features/checkout';
import { OrderFail } from '../features/orders';

export function meta() {
  return [{ title: 'Оплата не прошла — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  return (
    <div className="vt-container">
      <SignedInOnly>
        <OrderFail orderId={Number.isInteger(order) && order > 0 ? order : null} />
      </SignedInOnly>
    </div>
  );
}
