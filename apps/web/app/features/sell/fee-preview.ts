/**
 * The fee line under a size's price in the sell form (spec §7 `GET /v1/fee/`): «Вы получите 11 431,20 ₽,
 * комиссия 12 %» once the price is valid, «Комиссия 12 %» before that.
 */
import { sellerReceives } from '@vitrina/contract/money';
import { LISTING_LIMITS, type Fee } from '@vitrina/contract/products';
import { formatPrice } from '../../shared/lib/price';

/** The fee's percent the Russian way: decimal comma, no-break space before «%». */
const percent = (fee: Fee) => `${String(fee.percent).replace('.', ',')}\u00a0%`;

/**
 * The line for a price.
 * @param price the price typed, in rubles (`undefined` while empty)
 * @param fee the commission, `null` while it loads (then there is no line)
 */
export function feePreview(price: number | undefined, fee: Fee | null): string | undefined {
  if (!fee) return undefined;
  if (price && price >= LISTING_LIMITS.priceMin)
    return `Вы получите ${formatPrice(sellerReceives(price, fee).receive)}, комиссия ${percent(fee)}`;
  return `Комиссия ${percent(fee)}`;
}
