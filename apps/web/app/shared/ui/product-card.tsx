/**
 * The listing card (brand.md): photo first (4:5), brand in capitals above the title, sizes, price bold
 * with tabular figures (a price that dropped: the new one in the accent, the old one struck through). `ProductGrid` lays cards out in 2/3/4/5 columns at 360/768/1024/1440 px.
 * A control over the photo (the favorites heart) comes from `CardActionContext` (card-action.ts): the layout
 * provides it, so this building block stays free of features.
 */
import type { ProductCard as ApiProductCard } from '@vitrina/contract/catalog';
import { memo, use, type ReactNode } from 'react';
import { CardActionContext } from './card-action';
import { HydrateWhenVisible } from '../lib/hydrate-when-visible';
import { formatPrice } from '../lib/price';
import { derivedSrcset, ProductImage, type ShownImage } from './product-image';
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
  /** The photo; `srcset` left out when its URL and width give it ({@link cardData}). */
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
    // The srcset only when its URL and width do not give it (decision 0175).
    photo: photo && {
      url: photo.url,
      ...(photo.srcset !== derivedSrcset(photo.url, photo.width) && { srcset: photo.srcset }),
      width: photo.width,
      height: photo.height,
    },
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
  phoneHidden = false,
  grouped = false,
}: {
  product: ProductCardData;
  eager?: boolean;
  priority?: boolean;
  muted?: string;
  search?: string;
  /** Not shown on phones (below 768 px): a grid's `phoneLimit`. */
  phoneHidden?: boolean;
  /** Rendered in a grid's `CardGroup`: the heart may suspend the group's boundary (card-action.ts). */
  grouped?: boolean;
}) {
  const badge = muted ?? STATUS_BADGE[product.status];
  const Action = use(CardActionContext);
  const link = (
    <ShopLink
      to={`/product/${product.slug}${search}`}
      // A withdrawn listing's page may be gone: no prefetch of a 404.
      prefetch={muted ? 'none' : 'intent'}
      className={[classes.card, muted && classes.muted, !Action && phoneHidden && classes.phoneHidden]
        .filter(Boolean)
        .join(' ')}
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
    <div className={phoneHidden ? `${classes.cell} ${classes.phoneHidden}` : classes.cell}>
      {link}
      <Action productId={product.id} sellerId={product.seller_id} grouped={grouped} />
    </div>
  ) : (
    link
  );
}

/** What {@link ProductGrid} hands each card. */
type GridCardProps = Parameters<typeof ProductCard>[0];

/** Cards per group of a grid that hydrates as one (a phone's first four rows; two rows at four columns). */
const GROUP_SIZE = 8;

/** The same cards: each one's listing (the route's object) and options. */
function sameCards(a: { cards: GridCardProps[] }, b: { cards: GridCardProps[] }): boolean {
  return (
    a.cards.length === b.cards.length &&
    a.cards.every((c, i) => {
      const d = b.cards[i]!;
      return (
        c.product === d.product &&
        c.eager === d.eager &&
        c.priority === d.priority &&
        c.muted === d.muted &&
        c.search === d.search &&
        c.phoneHidden === d.phoneHidden
      );
    })
  );
}

/**
 * A run of a grid's cards, hydrated when one of them comes near the viewport (decision 0160): a page's start
 * hydrates the cards a phone shows and leaves the rest to scrolling; a press inside hydrates at once. Until then
 * the cards are their server HTML, links that work. The wrapper is `display: contents` (the cards stay the grid's
 * cells), and the group is in `memo` with its cards compared one by one, so a grid rendered again with the same
 * route data leaves a waiting group as it is (shared/lib/hydrate-when-visible.tsx). Groups, not cards: each waiting
 * part costs React a pass of its own at start. The cards' hearts share the group's boundary (decision 0175): no
 * boundary of their own on the server and while hydrating.
 */
const CardGroup = memo(function CardGroup({ cards }: { cards: GridCardProps[] }) {
  return (
    <HydrateWhenVisible contents>
      {cards.map((c) => (
        <ProductCard key={c.product.id} {...c} grouped />
      ))}
    </HydrateWhenVisible>
  );
}, sameCards);

/**
 * The responsive product grid. `narrow` tops out at 4 columns (beside a filter sidebar); `mutedOf` names the
 * badge of a card to grey out (see {@link ProductCard}'s `muted`); `searchOf` the query of a card's link;
 * `phoneLimit` how many cards a phone (below 768 px) shows. Its cards hydrate in groups as they come near
 * (`CardGroup`).
 */
export function ProductGrid<T extends ProductCardData>({
  products,
  narrow = false,
  eagerCount = 4,
  mutedOf,
  searchOf,
  phoneLimit,
}: {
  products: T[];
  narrow?: boolean;
  eagerCount?: number;
  mutedOf?: (product: T) => string | undefined;
  searchOf?: (product: T) => string | undefined;
  phoneLimit?: number;
}) {
  const cards: GridCardProps[] = products.map((p, i) => ({
    product: p,
    eager: i < eagerCount,
    // The first row on a phone (two columns) is the page's likely largest paint.
    priority: i < Math.min(PHONE_COLUMNS, eagerCount),
    muted: mutedOf?.(p),
    search: searchOf?.(p),
    phoneHidden: phoneLimit !== undefined && i >= phoneLimit,
  }));
  const groups: GridCardProps[][] = [];
  for (let i = 0; i < cards.length; i += GROUP_SIZE) groups.push(cards.slice(i, i + GROUP_SIZE));
  return (
    <div className={narrow ? classes.gridNarrow : classes.grid}>
      {groups.map((group, i) => (
        <CardGroup key={i} cards={group} />
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
