/** Screen `checkout` (spec §2): one seller's items → delivery point → card → «Оплатить». Sign-in required. */
import { useSearchParams } from 'react-router';
import { CheckoutPage, SignedInOnly } from '../features/checkout';

export function meta() {
  return [{ title: 'Оформление заказа — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  const [params] = useSearchParams();
  const seller = Number(params.get('seller'));
  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 48 }}>
      <SignedInOnly>
        <CheckoutPage sellerId={Number.isInteger(seller) && seller > 0 ? seller : null} />
      </SignedInOnly>
    </div>
  );
}
