/**
 * Size choice (chips from offers), price and «В корзину». After adding, the button becomes
 * «Перейти в корзину». Adds display fields (title, brand, photo, seller) to the cart item.
 */
import { Stack, Text } from '@mantine/core';
import type { ProductDetail } from '@vitrina/contract/catalog';
import { useState } from 'react';
import { showNotification } from '../../shared/lib/notify';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { formatPrice } from '../../shared/lib/price';
import { LightButton } from '../../shared/ui/light-button';
import { sameItem, useCart, useCartItems } from '../cart';
import { SizeChips } from './size-chips';

/** Only a product no longer on sale shows it: a chunk of its own. */
const Alert = lazyWithReload(() => import('../../shared/ui/notice'));
export function BuyBox({ product }: { product: ProductDetail }) {
  const offers = product.offers.filter((o) => o.count > 0);
  const [size, setSize] = useState<string | null>(offers.length === 1 ? offers[0]!.size : null);
  const [hint, setHint] = useState(false);
  const add = useCart((s) => s.add);
  const items = useCartItems();
  const offer = offers.find((o) => o.size === size);
  const inCart = size !== null && items.some((i) => sameItem(i, { slug: product.slug, size }));
  const onSale = product.status === 'active' && offers.length > 0;
  const minPrice = offers.length ? Math.min(...offers.map((o) => o.price)) : product.price;
  const samePrice = offers.every((o) => o.price === minPrice);

  const onAdd = () => {
    if (!offer) {
      setHint(true);
      return;
    }
    add({
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

  return (
    <Stack gap="md">
      <Text fz={28} className="vt-price" data-testid="product-price">
        {offer || samePrice ? formatPrice(offer?.price ?? minPrice) : `от ${formatPrice(minPrice)}`}
      </Text>
      {onSale ? (
        <>
          <div>
            <Text fw={600} fz="sm" mb={8} id="size-label">
              Размер{offer ? `: ${offer.size_label || offer.size}` : ''}
            </Text>
            <SizeChips
              sizes={offers.map((o) => o.size)}
              value={size}
              onChange={(v) => {
                setSize(v);
                setHint(false);
              }}
              labelledBy="size-label"
            />
            {hint && (
              <Text c="red.8" fz="sm" mt={8} role="alert">
                Выберите размер
              </Text>
            )}
          </div>
          {inCart ? (
            <LightButton to="/cart" prefetch="none" size="lg" fullWidth variant="outline">
              Перейти в корзину
            </LightButton>
          ) : (
            <LightButton size="lg" fullWidth onClick={onAdd}>
              В корзину
            </LightButton>
          )}
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
    </Stack>
  );
}
