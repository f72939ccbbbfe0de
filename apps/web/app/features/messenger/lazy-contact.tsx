/** The product page's «Написать продавцу» / «Предложить цену» as a chunk of its own (the page keeps its script budget). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import type { OfferSize } from './offer-dialog';

const Contact = /* @__PURE__ */ lazyWithReload<{
  productId: number;
  sellerId: number;
  sizes: OfferSize[];
  size: string | null;
  onSale: boolean;
}>(() => import('./contact-seller'));

/** «Написать продавцу» and «Предложить цену» on the product page. */
export function ContactSeller(props: {
  productId: number;
  sellerId: number;
  sizes: OfferSize[];
  size: string | null;
  onSale: boolean;
}) {
  return (
    <LazyPart fallback={<div style={{ height: 36 }} />}>
      <Contact {...props} />
    </LazyPart>
  );
}
