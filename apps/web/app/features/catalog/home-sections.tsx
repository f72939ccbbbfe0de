/** Home page sections: hero, compilations row, new listings, popular brands. */
import type { BrandListItem, Compilation } from '@vitrina/contract/catalog';
import { memo } from 'react';
import { HydrateWhenVisible } from '../../shared/lib/hydrate-when-visible';
import { ShopLink } from '../../shared/ui/shop-link';
import { LightButton } from '../../shared/ui/light-button';
import { ProductGrid, type ProductCardData } from '../../shared/ui/product-card';
import { ProductImage, type ShownImage } from '../../shared/ui/product-image';
import { countLabel, WORDS } from '../../shared/lib/plural';
import classes from './home.module.css';

export function Hero({ photos = [] }: { photos?: { image: ShownImage; alt: string; slug: string }[] }) {
  return (
    <section className={classes.hero}>
      <div className={classes.heroText}>
        <p className={classes.kicker}>Маркетплейс одежды с историей</p>
        <h1 className={classes.heroTitle}>Вещи, которые хочется носить. Продавцы, которым можно доверять.</h1>
        <p className={classes.heroLead}>
          От Uniqlo до Moncler: новые и бережно ношенные вещи от продавцов со всей России. Понятные цены, проверенные
          фото.
        </p>
        <div className={classes.heroActions}>
          <LightButton to="/catalog/women" size="md">
            Смотреть каталог
          </LightButton>
          <LightButton to="/account/sell-create" size="md" variant="default">
            Продать вещь
          </LightButton>
        </div>
      </div>
      {photos.length >= 3 && (
        <div className={classes.collage} aria-hidden>
          {photos.slice(0, 3).map((p, i) => (
            <ShopLink
              prefetch="none"
              key={p.slug}
              to={`/product/${p.slug}`}
              tabIndex={-1}
              className={classes[`tile${i}` as 'tile0']}
            >
              {/* Lazy: the collage is hidden on phones (then never fetched) and beside the title on wide screens. */}
              <ProductImage image={p.image} alt="" sizes="240px" />
            </ShopLink>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The compilations' covers in a row, hydrated when near the viewport (decision 0160; `memo`: the route's data as
 * props, shared/lib/hydrate-when-visible.tsx).
 */
export const CompilationsRow = memo(function CompilationsRow({ items }: { items: Compilation[] }) {
  if (!items.length) return null;
  return (
    <HydrateWhenVisible>
      <Compilations items={items} />
    </HydrateWhenVisible>
  );
});

function Compilations({ items }: { items: Compilation[] }) {
  return (
    <div className={classes.row} role="list">
      {items.map((c) => (
        // The list item is its own element: a link may not take the role `listitem` (axe aria-allowed-role).
        <div key={c.id} role="listitem" className={classes.compilationItem}>
          <ShopLink to={`/catalog/compilation/${c.slug}`} className={classes.compilation}>
            <div className={classes.cover}>
              <ProductImage image={c.cover} alt="" sizes="(min-width: 1024px) 300px, 70vw" />
            </div>
            <p className={classes.compilationTitle}>{c.title}</p>
            <p className={classes.compilationCount}>{countLabel(c.count, WORDS.product)}</p>
          </ShopLink>
        </div>
      ))}
    </div>
  );
}

/** The popular brands' links, hydrated when near the viewport (as {@link CompilationsRow}). */
export const PopularBrands = memo(function PopularBrands({ brands }: { brands: BrandListItem[] }) {
  if (!brands.length) return null;
  return (
    <HydrateWhenVisible>
      <Brands brands={brands} />
    </HydrateWhenVisible>
  );
});

function Brands({ brands }: { brands: BrandListItem[] }) {
  return (
    <div className={classes.brands}>
      {brands.map((b) => (
        <ShopLink key={b.id} to={`/catalog/brand/${b.slug}`} className={classes.brand}>
          <span className={classes.brandName}>{b.name}</span>
          <span className={classes.brandCount}>{countLabel(b.count, WORDS.product)}</span>
        </ShopLink>
      ))}
    </div>
  );
}

/**
 * The home page's new listings: the product grid, two columns on phones; the cards hydrate as they come near the
 * viewport (`ProductGrid`). Every photo is lazy: the grid starts below the hero and the compilations (on a phone a
 * screen and a half down), and a photo fetched first would share a phone's bandwidth with the stylesheet that holds
 * back the first paint (e2e/site/image-priority.test.ts).
 */
export function FreshListings({ products }: { products: ProductCardData[] }) {
  // Phones: 10 fresh listings (5 rows) instead of 20.
  return <ProductGrid products={products} eagerCount={0} phoneLimit={10} />;
}
