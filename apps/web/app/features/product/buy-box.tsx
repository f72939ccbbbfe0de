/**
 * Size choice (chips from offers), price and «В корзину». After adding, the button becomes
 * «Перейти в корзину». Adds display fields (title, brand, photo, seller) to the cart item. The state is the
 * page's one buying state (`useBuy`), which the phone's sticky bar (`BuyBar`) shares.
 */
import type { ShownListing } from './shown-listing';
import type { Ref } from 'react';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { LightButton } from '../../shared/ui/light-button';
import { SizeChips } from './size-chips';
import { SIZE_LABEL_ID, useCartSize, useInCart, type BuyState } from './use-buy';
import classes from './product-view.module.css';

/** Only a product no longer on sale shows it: a chunk of its own. */
const Alert = lazyWithReload(() => import('../../shared/ui/notice'));

/**
 * @param buy the page's buying state
 * @param actionRef the block of price and button: the sticky bar shows while it is out of view
 */
export function BuyBox({
  product,
  buy,
  actionRef,
}: {
  product: ShownListing;
  buy: BuyState;
  actionRef?: Ref<HTMLDivElement>;
}) {
  const { offer } = buy;
  return (
    <div className={classes.buyBox}>
      <p className={`vt-price ${classes.price}`} data-testid="product-price">
        {buy.priceText}
      </p>
      {buy.onSale ? (
        <>
          <CartSize buy={buy} />
          <div>
            <p className={classes.sizeLabel} id={SIZE_LABEL_ID}>
              Размер{offer ? `: ${offer.size_label || offer.size}` : ''}
            </p>
            <SizeChips
              sizes={buy.offers.map((o) => o.size)}
              value={buy.size}
              onChange={buy.choose}
              labelledBy={SIZE_LABEL_ID}
            />
            {buy.hint && (
              <p className={classes.sizeHint} role="alert">
                Выберите размер
              </p>
            )}
          </div>
          <div ref={actionRef}>
            <BuyButton buy={buy} />
          </div>
        </>
      ) : (
        <LazyPart>
          <Alert
            color="gray"
            variant="light"
            title={product.status === 'reserved' ? 'Товар забронирован' : 'Товар продан'}
          >
            Посмотрите похожие вещи ниже или загляните к продавцу — у него могут быть другие.
          </Alert>
        </LazyPart>
      )}
    </div>
  );
}

/** Chooses the size of this listing found in the cart: the one reader of the cart for it (renders nothing). */
function CartSize({ buy }: { buy: BuyState }) {
  useCartSize(buy);
  return null;
}

/**
 * «В корзину», or «Перейти в корзину» once the chosen size is in the cart.
 * @param duplicate the sticky bar's copy: out of the keyboard path (its container is hidden from assistive
 *   technology, which reaches the page's own button)
 */
export function BuyButton({ buy, size = 'lg', duplicate }: { buy: BuyState; size?: 'md' | 'lg'; duplicate?: boolean }) {
  const tabIndex = duplicate ? -1 : undefined;
  return useInCart(buy) ? (
    <LightButton to="/cart" prefetch="none" size={size} fullWidth variant="outline" tabIndex={tabIndex}>
      Перейти в корзину
    </LightButton>
  ) : (
    <LightButton size={size} fullWidth onClick={buy.add} tabIndex={tabIndex}>
      В корзину
    </LightButton>
  );
}
