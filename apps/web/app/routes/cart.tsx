/** Screen `cart` (/cart): the cart from browser storage, checked for availability on open. */
import type { Route } from './+types/cart';
import { CartView } from '../features/cart';
import { seo } from '../shared/lib/seo';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.publicUrl };
}

export function meta({ data }: Route.MetaArgs) {
  return seo({
    title: 'Корзина',
    description: 'Ваша корзина на Витрине.',
    path: '/cart',
    origin: data?.origin,
    noindex: true,
  });
}

export default function Screen() {
  return <CartView />;
}
