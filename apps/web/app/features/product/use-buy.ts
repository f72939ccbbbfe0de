/**
 * The product page's one buying state: the chosen size, its offer and price, whether it is in the
 * cart, and «В корзину». The size block and the phone's sticky bar share it, so the size chosen on the page is
 * the size bought and nobody is asked twice: a single size is chosen for the buyer, `?size=` (a size the
 * catalog was filtered by) chooses it when on offer, and a size of this listing already in the cart is chosen
 * when the page opens again.
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showNotification } from '../../shared/lib/notify';
import { formatPrice } from '../../shared/lib/price';
import { sameItem, useCart, useCartItems } from '../cart';

/** The id of the size group's label («Размер»): the bar scrolls to it when no size is chosen yet. */
export const SIZE_LABEL_ID = 'size-label';

/** One size on offer of a listing. */
type ProductOffer = ProductDetail['offers'][number];

const pick = (offers: ProductOffer[], wanted: string | null | undefined) =>
  wanted ? (offers.find((o) => o.size.toLowerCase() === wanted.toLowerCase())?.size ?? null) : null;

/** What the size block and the sticky bar show and do. */
export interface BuyState {
  /** The offers in stock. */
  offers: ProductOffer[];
  size: string | null;
  offer: ProductOffer | undefined;
  /** On sale (active, something in stock). */
  onSale: boolean;
  /** The chosen size is in the cart (the button becomes «Перейти в корзину»). */
  inCart: boolean;
  /** The price to show: the chosen size's, or «от …» when sizes differ. */
  priceText: string;
  /** «Выберите размер» is shown under the sizes. */
  hint: boolean;
  choose: (size: string) => void;
  /** «В корзину»: adds the chosen size; with none chosen, points at the sizes instead. */
  add: () => void;
}

/** The buying state of `product` (see the file's comment). */
export function useBuy(product: Omit<ProductDetail, 'similar'>): BuyState {
  const offers = product.offers.filter((o) => o.count > 0);
  const [params] = useSearchParams();
  const [size, setSize] = useState<string | null>(
    () => (offers.length === 1 ? offers[0]!.size : null) ?? pick(offers, params.get('size')),
  );
  const [hint, setHint] = useState(false);
  const addToCart = useCart((s) => s.add);
  const items = useCartItems();
  // Back on the page of a listing already in the cart: its size is the one chosen (once the cart is read).
  const cartSize = items.find((i) => i.slug === product.slug)?.size;
  useEffect(() => {
    if (cartSize) setSize((s) => s ?? pick(offers, cartSize));
    // `offers` is derived from `product` (same listing → same offers).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartSize, product.slug]);

  const offer = offers.find((o) => o.size === size);
  const inCart = size !== null && items.some((i) => sameItem(i, { slug: product.slug, size }));
  const minPrice = offers.length ? Math.min(...offers.map((o) => o.price)) : product.price;
  const samePrice = offers.every((o) => o.price === minPrice);

  const add = () => {
    if (!offer) {
      setHint(true);
      const label = document.getElementById(SIZE_LABEL_ID);
      label?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      label?.parentElement?.querySelector<HTMLInputElement>('input[type=radio]')?.focus({ preventScroll: true });
      return;
    }
    addToCart({
      slug: product.slug,
      size: offer.size,
      price: offer.price,
      title: product.title,
      brand: product.brand?.name,
      photo: product.photos[0]?.url_small ?? product.photo?.url_small,
      seller_id: product.seller.id,
      seller_name: product.seller.name,
      stock: offer.count,
    });
    showNotification({
      message: `«${product.title}», размер ${offer.size_label || offer.size} — в корзине`,
      color: 'ink',
      autoClose: 2500,
    });
  };

  return {
    offers,
    size,
    offer,
    onSale: product.status === 'active' && offers.length > 0,
    inCart,
    priceText: offer || samePrice ? formatPrice(offer?.price ?? minPrice) : `от ${formatPrice(minPrice)}`,
    hint,
    choose: (next) => {
      setSize(next);
      setHint(false);
    },
    add,
  };
}
