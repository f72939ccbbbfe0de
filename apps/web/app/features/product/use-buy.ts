/**
 * The product page's one buying state: the chosen size, its offer and price, and «В корзину». The size block and
 * the phone's sticky bar share it, so the size chosen on the page is the size bought and nobody is asked twice: a
 * single size is chosen for the buyer, `?size=` (a size the catalog was filtered by) chooses it when on offer, and a
 * size of this listing already in the cart is chosen when the page opens again (`useCartSize`).
 *
 * The state itself reads no store: the page that holds it is not rendered again when the cart is read from storage
 * after hydration (a store's change renders its readers at once, in one uninterrupted task). The readers of the cart
 * are the small parts that show it — `useInCart` in the buttons, `useCartSize` in the size block (decision 0130).
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import type { ShownListing } from './shown-listing';
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
  /** The listing's slug (the cart's key, with the size). */
  slug: string;
  /** The offers in stock. */
  offers: ProductOffer[];
  size: string | null;
  offer: ProductOffer | undefined;
  /** On sale (active, something in stock). */
  onSale: boolean;
  /** The price to show: the chosen size's, or «от …» when sizes differ. */
  priceText: string;
  /** «Выберите размер» is shown under the sizes. */
  hint: boolean;
  choose: (size: string) => void;
  /** Chooses the listing's size found in the cart, unless a size is chosen already. */
  pickFromCart: (size: string) => void;
  /** «В корзину»: adds the chosen size; with none chosen, points at the sizes instead. */
  add: () => void;
}

/** The buying state of `product` (see the file's comment). */
export function useBuy(product: ShownListing): BuyState {
  const offers = product.offers.filter((o) => o.count > 0);
  const [params] = useSearchParams();
  const [size, setSize] = useState<string | null>(
    () => (offers.length === 1 ? offers[0]!.size : null) ?? pick(offers, params.get('size')),
  );
  const [hint, setHint] = useState(false);

  const offer = offers.find((o) => o.size === size);
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
    useCart.getState().add({
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
    slug: product.slug,
    offers,
    size,
    offer,
    onSale: product.status === 'active' && offers.length > 0,
    priceText: offer || samePrice ? formatPrice(offer?.price ?? minPrice) : `от ${formatPrice(minPrice)}`,
    hint,
    choose: (next) => {
      setSize(next);
      setHint(false);
    },
    pickFromCart: (cartSize) => setSize((s) => s ?? pick(offers, cartSize)),
    add,
  };
}

/** Whether the size chosen in `buy` is in the cart (false until the cart is read, after hydration). */
export function useInCart(buy: Pick<BuyState, 'slug' | 'size'>): boolean {
  const items = useCartItems();
  const { slug, size } = buy;
  return size !== null && items.some((i) => sameItem(i, { slug, size }));
}

/**
 * Back on the page of a listing already in the cart: its size is the one chosen (once the cart is read), unless a
 * size is chosen already.
 */
export function useCartSize(buy: Pick<BuyState, 'slug' | 'pickFromCart'>) {
  const items = useCartItems();
  const cartSize = items.find((i) => i.slug === buy.slug)?.size;
  const { slug, pickFromCart } = buy;
  useEffect(() => {
    if (cartSize) pickFromCart(cartSize);
    // `pickFromCart` is a new function on each render of the page; the listing and the size in the cart decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartSize, slug]);
}
