/** Screen `payment` (spec §2): the gateway returns here; waits for the verdict, then `/success` or `/fail`. */
import { useSearchParams } from 'react-router';
import { SignedInOnly } from '../features/checkout';
import { PaymentWait } from '../features/orders';

export function meta() {
  return [{ title: 'Проверяем оплату — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  return (
    <div className="vt-container">
      <SignedInOnly>
        <PaymentWait orderId={Number.isInteger(order) && order > 0 ? order : null} paymentId={params.get('payment')} />
      </SignedInOnly>
    </div>
  );
}
