/**
 * The listing card (brand.md): photo first (4:5), brand in capitals above the title, sizes, price bold
 * with tabular figures. `ProductGrid` lays cards out in 2/3/4/5 columns at 360/768/1024/1440 px.
 */
import type { ProductCard as ProductCardData } from '@vitrina/contract/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../lib/price';
import { ProductImage } from './product-image';
import classes from './product-card.module.css';

const STATUS_BADGE: Record<string, string> = { sold: 'Продано', reserved: 'Забронировано', draft: 'Черновик' };

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const badge = STATUS_BADGE[product.status];
  return (
    <Link to={`/product/${product.slug}`} prefetch="intent" className={classes.card} data-testid="product-card">
      <div className={classes.photo}>
        {product.photo ? (
          <ProductImage image={product.photo} alt={product.title} loading={eager ? 'eager' : 'lazy'} />
        ) : (
          <div className={classes.noPhoto}>Нет фото</div>
        )}
        {badge && <span className={classes.badge}>{badge}</span>}
      </div>
      {product.brand && <div className={classes.brand}>{product.brand.name}</div>}
      <div className={classes.title}>{product.title}</div>
      {product.sizes.length > 0 && <div className={classes.sizes}>{product.sizes.join(' · ')}</div>}
      <div className={classes.price}>{formatPrice(product.price)}</div>
    </Link>
  );
}

/** The responsive product grid. `narrow` tops out at 4 columns (beside a filter sidebar). */
export function ProductGrid({
  products,
  narrow = false,
  eagerCount = 4,
}: {
  products: ProductCardData[];
  narrow?: boolean;
  eagerCount?: number;
}) {
  return (
    <div className={narrow ? classes.gridNarrow : classes.grid}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}

/** Grid skeleton while a listing page loads. */
export function ProductGridSkeleton({ count = 10, narrow = false }: { count?: number; narrow?: boolean }) {
  return (
    <div className={narrow ? classes.gridNarrow : classes.grid} aria-busy="true" aria-label="Загрузка товаров">
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
        <Link to={link.to} prefetch="intent" style={{ color: 'var(--vt-ink)', fontSize: 14, whiteSpace: 'nowrap' }}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
