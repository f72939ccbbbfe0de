/** The messenger's parts other pages render, each a chunk of its own (the product page keeps its script budget). */
import { Skeleton } from '@mantine/core';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import type { OfferSize } from './offer-dialog';

const Page = lazyWithReload<object>(() => import('./messenger-page'));
const Contact = lazyWithReload<{
  productId: number;
  sellerId: number;
  sizes: OfferSize[];
  size: string | null;
  onSale: boolean;
}>(() => import('./contact-seller'));

const HeaderLink = lazyWithReload<object>(() => import('./unread-link'));
const MenuItem = lazyWithReload<object>(() => import('./unread-link').then((m) => ({ default: m.MessagesMenuItem })));
const OrderButton = lazyWithReload<{ orderId: number; role: 'buyer' | 'seller' }>(() =>
  import('./order-chat-button').then((m) => ({ default: m.OrderChatButton })),
);

/** The signed-in header's «Сообщения» icon with the unread total. */
export function MessagesHeaderLink() {
  return (
    <LazyPart fallback={null}>
      <HeaderLink />
    </LazyPart>
  );
}

/** «Сообщения» with the unread total in the avatar menu (render it inside the menu). */
export function MessagesMenuItem() {
  return (
    <LazyPart fallback={null}>
      <MenuItem />
    </LazyPart>
  );
}

/** «Написать продавцу» / «Написать покупателю» on an order: opens the order's conversation. */
export function OrderChatButton(props: { orderId: number; role: 'buyer' | 'seller' }) {
  return (
    <LazyPart fallback={null}>
      <OrderButton {...props} />
    </LazyPart>
  );
}

/** `/account/messenger`. */
export function MessengerPage() {
  return (
    <LazyPart fallback={<Skeleton height={480} radius="lg" />}>
      <Page />
    </LazyPart>
  );
}

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
