/** Header cart icon with the count badge (pieces in the cart; shown after mount to match the SSR HTML). */
import { Indicator } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { LightIconButton } from '../../shared/ui/light-button';
import { cartCount } from './cart-rules';
import { useCartItems } from './store';

export function CartButton() {
  const count = cartCount(useCartItems());
  return (
    <Indicator
      label={count}
      disabled={count === 0}
      size={18}
      offset={4}
      color="coral.7"
      zIndex={2}
      styles={{ indicator: { fontWeight: 700, fontSize: 11 } }}
    >
      <LightIconButton
        to="/cart"
        aria-label={count ? `Корзина, товаров: ${count}` : 'Корзина'}
        data-testid="header-cart"
      >
        <IconShoppingBag size={24} stroke={1.6} />
      </LightIconButton>
    </Indicator>
  );
}
