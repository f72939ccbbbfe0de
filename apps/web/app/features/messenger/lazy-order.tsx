/** An order's «Написать продавцу / покупателю» as a chunk of its own. */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const OrderButton = /* @__PURE__ */ lazyWithReload<{ orderId: number; role: 'buyer' | 'seller' }>(() =>
  import('./order-chat-button').then((m) => ({ default: m.OrderChatButton })),
);

/** «Написать продавцу» / «Написать покупателю» on an order: opens the order's conversation. */
export function OrderChatButton(props: { orderId: number; role: 'buyer' | 'seller' }) {
  return (
    <LazyPart fallback={null}>
      <OrderButton {...props} />
    </LazyPart>
  );
}
