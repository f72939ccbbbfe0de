/**
 * The phone's sticky buying bar: below 768 px the price and «В корзину» stay at the bottom of the
 * screen while the page's own price and button are out of view (before the buyer scrolls to them, and after
 * they scrolled past). It shares the page's buying state: it buys the size chosen above, and with none chosen
 * it scrolls to the sizes and says «Выберите размер» there. It sticks within the product's part of the page,
 * so the footer is never covered. A copy of the page's own controls, it is hidden from assistive technology.
 * While it is shown it sets `--vt-bottom-bar` (its height, px) on the page, so what floats at the bottom of a
 * phone's screen — the cookie notice, toasts — sits above it instead of over its button.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { sizeLabel } from '@vitrina/contract/size-names';
import { BuyButton } from './buy-box';
import type { BuyState } from './use-buy';
import classes from './product-view.module.css';

/**
 * @param buy the page's buying state
 * @param watch the page's own price-and-button block
 */
export function BuyBar({ buy, watch }: { buy: BuyState; watch: RefObject<HTMLDivElement | null> }) {
  const [away, setAway] = useState(true);
  useEffect(() => {
    const el = watch.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([entry]) => setAway(!entry!.isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [watch]);
  const bar = useRef<HTMLDivElement>(null);
  const shown = away && buy.onSale;
  useEffect(() => {
    const root = document.documentElement.style;
    // Hidden by CSS from 768 px on: offsetHeight is 0 there.
    const height = shown ? (bar.current?.offsetHeight ?? 0) : 0;
    if (height) root.setProperty('--vt-bottom-bar', `${height}px`);
    else root.removeProperty('--vt-bottom-bar');
    return () => void root.removeProperty('--vt-bottom-bar');
  }, [shown]);
  if (!buy.onSale) return null;
  const chosen = buy.offer ? sizeLabel(buy.offer.size) : 'Размер не выбран';
  return (
    // A copy of the page's own price and button for the eyes and the thumb: hidden from assistive technology
    // and the keyboard, which reach the originals.
    <div ref={bar} className={classes.bar} data-away={away || undefined} data-testid="buy-bar" aria-hidden="true">
      <div className={classes.barPrice}>
        <span className="vt-price">{buy.priceText}</span>
        <span className={classes.barSize}>{chosen}</span>
      </div>
      <div className={classes.barButton}>
        <BuyButton buy={buy} size="md" duplicate />
      </div>
    </div>
  );
}
