/**
 * The product page body: breadcrumbs, gallery, brand, title, condition, size choice, price,
 * «В корзину» (on phones also in a sticky bar at the bottom), details, description, seller card, similar listings. A draft (only its owner gets it)
 * carries the banner «Черновик — виден только вам».
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import { use, useRef } from 'react';
import { ShopLink } from '../../shared/ui/shop-link';
import { CardActionContext } from '../../shared/ui/card-action';
import { cardData, ProductGrid, SectionTitle, type ProductCardData } from '../../shared/ui/product-card';
import { useAuth } from '../auth';
import { isOwnListing, OwnerPanel } from '../sell';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { BuyBar } from './buy-bar';
import { BuyBox } from './buy-box';
import { ContactSeller } from '../messenger';
import { DetailsTable } from './details-table';
import { Gallery } from './gallery';
import { productCrumbs, ProductJsonLd } from './json-ld';
import classes from './product-view.module.css';
import { useBuy } from './use-buy';
import { useViewBeacon } from './use-view-beacon';

/** Only a draft shows it. */
const Alert = lazyWithReload(() => import('../../shared/ui/notice'));
/**
 * Below the fold on phones, and a plain link until hydrated: a chunk of its own (Avatar, Paper), with «Пожаловаться на
 * объявление» under it (kept out of the page's first scripts).
 */
const SellerCard = lazyWithReload(() => import('./seller-card'));
// In the browser its download starts as soon as this module runs (first load: while the page hydrates;
// a navigation: while the product loads), so the card does not pop in late.
if (!import.meta.env.SSR) void SellerCard.preload();

/**
 * A product page's listing: the API's, its similar listings only as much as their cards show (a whole API answer
 * fits).
 */
/** How many similar listings the page shows. */
const SIMILAR_SHOWN = 10;

export type ProductPageData = Omit<ProductDetail, 'similar'> & { similar: ProductCardData[] };

/**
 * What the product page's loader hands the browser of `GET /v1/public/products/{slug}/`: the listing whole, and of
 * its similar listings only the {@link SIMILAR_SHOWN} the page shows, as cards.
 */
export function productPageOf(product: ProductDetail): ProductPageData {
  return { ...product, similar: product.similar.slice(0, SIMILAR_SHOWN).map(cardData) };
}

export function ProductView({ product, origin }: { product: ProductPageData; origin: string }) {
  const crumbs = productCrumbs(product);
  const { user, token, status } = useAuth();
  useViewBeacon(product.slug, product.status === 'draft', { ready: status !== 'unknown', userId: user?.id, token });
  // The favorites heart the layout gives every card; here the big one (its seller sees «В избранном у N»).
  const Heart = use(CardActionContext);
  // One buying state for the size block and the phone's sticky bar (the size chosen is the size bought).
  const buy = useBuy(product);
  const buyAction = useRef<HTMLDivElement>(null);
  const own = isOwnListing(product, user?.id);
  const details: [string, string][] = [
    ['Состояние', product.condition_label],
    ['Цвет', product.color_label ?? ''],
    ['Категория', product.category?.name ?? ''],
    ['Размеры', product.offers.map((o) => o.size_label || o.size).join(', ')],
  ];
  return (
    <div className="vt-container" style={{ paddingTop: 16, paddingBottom: 24 }}>
      <ProductJsonLd product={product} origin={origin} />
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
          {own ? (
            <LazyPart>
              <OwnerPanel product={product} />
            </LazyPart>
          ) : (
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
          )}
          <LazyPart>
            <SellerCard seller={product.seller} reportProduct={own || product.status === 'draft' ? null : product.id} />
          </LazyPart>
          <div>
            <h2 className={classes.sectionTitle}>Описание</h2>
            <p className={classes.description}>{product.description || 'Продавец не добавил описание.'}</p>
          </div>
          <DetailsTable rows={details} />
        </div>
      </div>
      {product.similar.length > 0 && (
        <>
          <SectionTitle>Похожие вещи</SectionTitle>
          <ProductGrid products={product.similar.slice(0, SIMILAR_SHOWN)} eagerCount={0} />
        </>
      )}
      {!own && <BuyBar buy={buy} watch={buyAction} />}
    </div>
  );
}
