/**
 * The listing card (brand.md): photo first (4:5), brand in capitals above the title, sizes, price bold
 * with tabular figures (a price that dropped: the new one in the accent, the old one struck through). `ProductGrid` lays cards out in 2/3/4/5 columns at 360/768/1024/1440 px.
 * A control over the photo (the favorites heart) comes from `CardActionContext` (card-action.ts): the layout
 * provides it, so this building block stays free of features.
 */
import type { ProductCard as ApiProductCard } from '@vitrina/contract/catalog';
import { use, type ReactNode } from 'react';
import { CardActionContext } from './card-action';
import { formatPrice } from '../lib/price';
import { ProductImage, type ShownImage } from './product-image';
import { ShopLink } from './shop-link';
import classes from './product-card.module.css';

/**
 * What a card shows of a listing (`GET /v1/public/products/` gives more): a whole API card fits, and a listing page
 * hands the browser only this ({@link cardData}).
 */
export type ProductCardData = Pick<
  ApiProductCard,
  'id' | 'slug' | 'title' | 'sizes' | 'price' | 'seller_id' | 'status'
> & {
  brand: { name: string } | null;
  photo: ShownImage | null;
  /** A higher price before (rubles), struck through beside `price` (the favorites page's price drop). */
  old_price?: number | null;
  /** «Проверено» (staff approved the proof of authenticity); left out when not. */
  verified?: boolean;
};

/**
 * The fields of an API card that {@link ProductCard} shows, and no others: a listing page's route data goes into its
 * HTML for the browser, and every field of 24 cards is encoded and sent on every page.
 */
export function cardData(p: ApiProductCard): ProductCardData {
  const { photo } = p;
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    // A brand not in the list shows as the seller typed it.
    brand: p.brand ? { name: p.brand.name } : p.brand_text ? { name: p.brand_text } : null,
    sizes: p.sizes,
    price: p.price,
    photo: photo && { url: photo.url, srcset: photo.srcset, width: photo.width, height: photo.height },
    seller_id: p.seller_id,
    status: p.status,
    ...(p.verified && { verified: true }),
  };
}

/** Columns of the grid on a phone (product-card.module.css). */
const PHONE_COLUMNS = 2;

const STATUS_BADGE: Record<string, string> = { sold: 'Продано', reserved: 'Забронировано', draft: 'Черновик' };

/**
 * @param eager the photo is not lazy (above the fold)
 * @param priority the photo is fetched first, with high priority (the first row on a phone)
 * @param muted a no-longer-available card: greyed, with this badge («Продано», «Снято с продажи»)
 * @param search a query for the product page's link (`?size=42`: the size the buyer filtered by, chosen there)
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
  muted,
  search = '',
}: {
  product: ProductCardData;
  eager?: boolean;
  priority?: boolean;
  muted?: string;
  search?: string;
}) {
  const badge = muted ?? STATUS_BADGE[product.status];
  const Action = use(CardActionContext);
  const link = (
    <ShopLink
      to={`/product/${product.slug}${search}`}
      // A withdrawn listing's page may be gone: no prefetch of a 404.
      prefetch={muted ? 'none' : 'intent'}
      className={muted ? `${classes.card} ${classes.muted}` : classes.card}
      data-testid="product-card"
    >
      <div className={classes.photo}>
        {product.photo ? (
          <ProductImage
            image={product.photo}
            alt={product.title}
            loading={eager ? 'eager' : 'lazy'}
            priority={priority}
          />
        ) : (
          <div className={classes.noPhoto}>Нет фото</div>
        )}
        {badge && <span className={classes.badge}>{badge}</span>}
        {product.verified && (
          <span className={classes.verified} title="Витрина проверила подлинность">
            Проверено
          </span>
        )}
      </div>
      {product.brand && <div className={classes.brand}>{product.brand.name}</div>}
      <div className={classes.title}>{product.title}</div>
      {product.sizes.length > 0 && <div className={classes.sizes}>{product.sizes.join(' · ')}</div>}
      {product.old_price ? (
        <div className={classes.price}>
          <span className={classes.dropped}>{formatPrice(product.price)}</span>{' '}
          <s className={classes.oldPrice}>
            <span className="vt-visually-hidden">Было </span>
            {formatPrice(product.old_price)}
          </s>
        </div>
      ) : (
        <div className={classes.price}>{formatPrice(product.price)}</div>
      )}
    </ShopLink>
  );
  return Action ? (
    <div className={classes.cell}>
      {link}
      <Action productId={product.id} sellerId={product.seller_id} />
    </div>
  ) : (
    link
  );
}

/**
 * The responsive product grid. `narrow` tops out at 4 columns (beside a filter sidebar); `mutedOf` names the
 * badge of a card to grey out (see {@link ProductCard}'s `muted`); `searchOf` the query of a card's link.
 */
export function ProductGrid<T extends ProductCardData>({
  products,
  narrow = false,
  eagerCount = 4,
  mutedOf,
  searchOf,
}: {
  products: T[];
  narrow?: boolean;
  eagerCount?: number;
  mutedOf?: (product: T) => string | undefined;
  searchOf?: (product: T) => string | undefined;
}) {
  return (
    <div className={narrow ? classes.gridNarrow : classes.grid}>
      {products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          eager={i < eagerCount}
          // The first row on a phone (two columns) is the page's likely largest paint.
          priority={i < Math.min(PHONE_COLUMNS, eagerCount)}
          muted={mutedOf?.(p)}
          search={searchOf?.(p)}
        />
      ))}
    </div>
  );
}

/** Grid skeleton while a listing page loads. */
export function ProductGridSkeleton({ count = 10, narrow = false }: { count?: number; narrow?: boolean }) {
  return (
    <div
      className={narrow ? classes.gridNarrow : classes.grid}
      role="status"
      aria-busy="true"
      aria-label="Загрузка товаров"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={classes.card}>
          <div className={`${classes.photo} vt-shimmer`} />
          <div className={`${classes.skeletonLine} vt-shimmer`} style={{ width: '40%' }} />
          <div className={`${classes.skeletonLine} vt-shimmer`} style={{ width: '85%' }} />
          <div className={`${classes.skeletonLine} vt-shimmer`} style={{ width: '30%' }} />
        </div>
      ))}
    </div>
  );
}

/** A section heading with an optional link on the right («Все →»). */
export function SectionTitle({ children, link }: { children: ReactNode; link?: { to: string; label: string } }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'baseline',
        justifyContent: 'space-between',
        gap: 16,
        margin: '40px 0 16px',
      }}
    >
      <h2 style={{ fontSize: 22, margin: 0, fontWeight: 700, letterSpacing: '-0.01em' }}>{children}</h2>
      {link && (
        <ShopLink to={link.to} style={{ color: 'var(--vt-ink)', fontSize: 14, whiteSpace: 'nowrap' }}>
          {link.label}
        </ShopLink>
      )}
    </div>
  );
}
