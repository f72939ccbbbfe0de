/**
 * Header cart icon with the count badge (pieces in the cart; shown after mount to match the SSR HTML). Being on
 * every page, it starts the cart's following of the account (server-sync.ts) once mounted — loaded then, as its own
 * chunk, so it adds nothing to the JavaScript a page needs at start (e2e/site/js-budget.test.ts).
 */
import { LineIcon } from '../../shared/ui/line-icons';
import { useEffect } from 'react';
import { LightIconButton } from '../../shared/ui/light-button';
import { CountMark } from '../../shared/ui/light-marks';
import { cartCount } from './cart-rules';
import { useCartItems } from './store';

export function CartButton() {
  useEffect(() => {
    void import('./server-sync').then((m) => m.startCartSync());
  }, []);
  const count = cartCount(useCartItems());
  return (
    <CountMark count={count} color="var(--mantine-color-coral-7)">
      <LightIconButton
        to="/cart"
        aria-label={count ? `Корзина, товаров: ${count}` : 'Корзина'}
        data-testid="header-cart"
      >
        <LineIcon name="shoppingBag" stroke={1.6} />
      </LightIconButton>
    </CountMark>
  );
}
