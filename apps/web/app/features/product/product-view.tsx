/**
 * The product page body: breadcrumbs, gallery, brand, title, condition, size choice, price,
 * «В корзину» (on phones also in a sticky bar at the bottom), details, description, seller card, similar listings. A draft (only its owner gets it)
 * carries the banner «Черновик — виден только вам».
 */
import type { ProductDetail, SellerCard as SellerCardData } from '@vitrina/contract/catalog';
import type { ShownListing } from './shown-listing';
import { memo, use, useRef } from 'react';
import { ShopLink } from '../../shared/ui/shop-link';
import { CardActionContext } from '../../shared/ui/card-action';
import { cardData, ProductGrid, SectionTitle, type ProductCardData } from '../../shared/ui/product-card';
import { OwnerPanel } from '../sell';
import { HydrateWhenVisible } from '../../shared/lib/hydrate-when-visible';
import { LazyPart, lazyWithReload, preloadWhenIdle } from '../../shared/lib/lazy';
import { BuyBar } from './buy-bar';
import { BuyBox } from './buy-box';
import { ContactSeller } from '../messenger';
import { DetailsTable } from './details-table';
import { Gallery } from './gallery';
import { productCrumbs, ProductJsonLd } from './json-ld';
import classes from './product-view.module.css';
import { useBuy } from './use-buy';
import { ForViewer, ViewBeacon } from './viewer';

/** Only a draft shows it. */
const Alert = lazyWithReload(() => import('../../shared/ui/notice'));
/**
 * Below the fold on phones, and a plain link until hydrated: a chunk of its own (Avatar, Paper), with «Пожаловаться на
 * объявление» under it (kept out of the page's first scripts). Its download starts once the browser is idle (first
 * load: after hydration; a navigation: it renders at once and asks for it itself), so neither its code nor the dates
 * it writes are evaluated while the page hydrates.
 */
const SellerCard = lazyWithReload(() => import('./seller-card'));
preloadWhenIdle(SellerCard);

/**
 * The seller card, hydrated when it comes near the viewport (decision 0131): on a phone it is under the size block
 * and the buttons; on a wide screen it is in view and hydrates at once, after the rest of the page. `memo` with the
 * route's seller object: the page's own changes (a size chosen) leave it waiting.
 */
const Seller = memo(function Seller({
  seller,
  reportProduct,
}: {
  seller: SellerCardData;
  reportProduct: number | null;
}) {
  return (
    <HydrateWhenVisible>
      <LazyPart>
        {/* «Пожаловаться» hides itself for the listing's seller. */}
        <SellerCard seller={seller} reportProduct={reportProduct} />
      </LazyPart>
    </HydrateWhenVisible>
  );
});

/** How many similar listings the page shows. */
const SIMILAR_SHOWN = 10;

/** A product page's listing ({@link ShownListing}), its similar listings only as cards. */
export type ProductPageData = ShownListing & { similar: ProductCardData[] };

/**
 * What the product page's loader hands the browser of `GET /v1/public/products/{slug}/`: the listing without
 * `view_count` (see {@link ShownListing}: it would change the page's bytes, and so its ETag, with every view), and of
 * its similar listings only the {@link SIMILAR_SHOWN} the page shows, as cards.
 */
export function productPageOf(product: ProductDetail): ProductPageData {
  const { view_count: _views, similar, ...listing } = product;
  return { ...listing, similar: similar.slice(0, SIMILAR_SHOWN).map(cardData) };
}

/**
 * «Похожие вещи»: below the fold, hydrated when it comes near the viewport (decision 0131); until then its cards
 * are the server's links. `memo`: the page's own changes (a size chosen) leave it as it is.
 */
const Similar = memo(function Similar({ products }: { products: ProductCardData[] }) {
  return (
    <HydrateWhenVisible>
      <SectionTitle>Похожие вещи</SectionTitle>
      <ProductGrid products={products.slice(0, SIMILAR_SHOWN)} eagerCount={0} />
    </HydrateWhenVisible>
  );
});

export function ProductView({ product, origin }: { product: ProductPageData; origin: string }) {
  const crumbs = productCrumbs(product);
  // The favorites heart the layout gives every card; here the big one (its seller sees «В избранном у N»).
  const Heart = use(CardActionContext);
  // One buying state for the size block and the phone's sticky bar (the size chosen is the size bought).
  const buy = useBuy(product);
  const buyAction = useRef<HTMLDivElement>(null);
  const details: [string, string][] = [
    ['Состояние', product.condition_label],
    ['Цвет', product.color_label ?? ''],
    ['Категория', product.category?.name ?? ''],
    ['Размеры', product.offers.map((o) => o.size_label || o.size).join(', ')],
  ];
  return (
    <div className="vt-container" style={{ paddingTop: 16, paddingBottom: 24 }}>
      <ProductJsonLd product={product} origin={origin} />
      <ViewBeacon product={product} />
      {/* Plain markup rather than Mantine's Breadcrumbs: the page's first scripts stay within the budget. */}
      <nav aria-label="Навигация" className={classes.crumbs}>
        <ol>
          {crumbs.slice(0, -1).map((c) => (
            <li key={c.path}>
              <ShopLink prefetch="none" to={c.path}>
                {c.name}
              </ShopLink>
            </li>
          ))}
        </ol>
      </nav>
      {product.status === 'draft' && (
        <LazyPart>
          <Alert color="yellow" variant="light" mb="md" title="Черновик — виден только вам">
            Покупатели не видят этот товар, пока вы его не опубликуете.
          </Alert>
        </LazyPart>
      )}
      <div className={classes.layout}>
        <div className={classes.gallery}>
          <Gallery photos={product.photos} title={product.title} />
        </div>
        <div className={classes.info}>
          <div className={classes.heading}>
            {product.brand ? (
              <ShopLink to={`/catalog/brand/${product.brand.slug}`} className={classes.brand}>
                {product.brand.name}
              </ShopLink>
            ) : (
              product.brand_text && <span className={classes.brand}>{product.brand_text}</span>
            )}
            <div className={classes.titleRow}>
              <h1 className={classes.title}>{product.title}</h1>
              {Heart && <Heart productId={product.id} sellerId={product.seller.id} large />}
            </div>
            <p className={classes.condition}>{product.condition_label}</p>
            {product.verified && (
              <p className={classes.verified} data-testid="verified-badge">
                <span className={classes.verifiedMark}>Проверено</span>
                Витрина проверила подлинность: модератор сверил фото чека, бирок и серийного номера.
              </p>
            )}
          </div>
          <ForViewer
            product={product}
            own={
              <LazyPart>
                <OwnerPanel product={product} />
              </LazyPart>
            }
            other={
              <>
                <BuyBox product={product} buy={buy} actionRef={buyAction} />
                <ContactSeller
                  productId={product.id}
                  sellerId={product.seller.id}
                  sizes={buy.offers.map((o) => ({ size: o.size, price: o.price }))}
                  size={buy.size}
                  onSale={buy.onSale}
                />
              </>
            }
          />
          <Seller seller={product.seller} reportProduct={product.status === 'draft' ? null : product.id} />
          <div>
            <h2 className={classes.sectionTitle}>Описание</h2>
            <p className={classes.description}>{product.description || 'Продавец не добавил описание.'}</p>
          </div>
          <DetailsTable rows={details} />
        </div>
      </div>
      {product.similar.length > 0 && <Similar products={product.similar} />}
      <ForViewer product={product} own={null} other={<BuyBar buy={buy} watch={buyAction} />} />
    </div>
  );
}
