/** An order's «Написать продавцу / покупателю» as a chunk of its own. */
import { Box } from '@mantine/core';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const OrderButton = /* @__PURE__ */ lazyWithReload<{ orderId: number; role: 'buyer' | 'seller' }>(() =>
  import('./order-chat-button').then((m) => ({ default: m.OrderChatButton })),
);

/**
 * «Написать продавцу» / «Написать покупателю» on an order: opens the order's conversation. Until its chunk arrives
 * its place is kept (the height of Mantine's `xs` button), so what is below it — an offer's «Принять» — does not
 * move under the pointer when the button appears.
 */
export function OrderChatButton(props: { orderId: number; role: 'buyer' | 'seller' }) {
  return (
    <LazyPart fallback={<Box h={30} aria-hidden />}>
      <OrderButton {...props} />
    </LazyPart>
  );
}
