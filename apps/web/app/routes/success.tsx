/** Screen `success` (spec §2): order number, what happens next; the bought items leave the cart. */
import { useSearchParams } from 'react-router';
import { SignedInOnly } from '../features/checkout';
import { OrderSuccess } from '../features/orders';

export function meta() {
  return [{ title: 'Заказ оплачен — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  return (
    <div className="vt-container">
      <SignedInOnly>
        <OrderSuccess orderId={Number.isInteger(order) && order > 0 ? order : null} />
      </SignedInOnly>
    </div>
  );
}
