/**
 * The seller card on a product page, linking to /seller/{id}, and «Пожаловаться на объявление» under it (loaded as a
 * chunk of its own: the page's first scripts are at their budget).
 */
import { Avatar } from '@mantine/core';
import type { SellerCard as Seller } from '@vitrina/contract/catalog';
import { ShopLink } from '../../shared/ui/shop-link';
import { ReportButton } from '../report';
import { formatSince } from '../../shared/lib/dates';
import { countLabel, formatRating, WORDS } from '../../shared/lib/plural';
import classes from './product-view.module.css';
import own from './seller-card.module.css';

/** @param reportProduct the listing «Пожаловаться» reports; null for none (one's own listing, a draft) */
export default function SellerCard({ seller, reportProduct }: { seller: Seller; reportProduct: number | null }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <SellerLink seller={seller} />
      {reportProduct !== null && <ReportButton type="product" id={reportProduct} ownerId={seller.id} />}
    </div>
  );
}

function SellerLink({ seller }: { seller: Seller }) {
  return (
    <ShopLink to={`/seller/${seller.id}`} className={classes.seller}>
      {seller.avatar ? (
        <Avatar src={seller.avatar.url_small} alt="" size={48} radius="xl" color="ink">
          {seller.name.slice(0, 1)}
        </Avatar>
      ) : (
        // No photo: the initial in Mantine's Avatar placeholder look (seller-card.module.css), without its code.
        <span className={own.initial}>{seller.name.slice(0, 1)}</span>
      )}
      <div className={classes.sellerText}>
        <p className={classes.sellerName}>
          {/* The link's name is its text (WCAG 2.5.3), with the word a screen reader needs first. */}
          <span className="vt-visually-hidden">Продавец </span>
          {seller.name}
        </p>
        <p className={classes.sellerMeta}>
          {[seller.city, `на Витрине с ${formatSince(seller.date_joined)}`].filter(Boolean).join(' · ')}
        </p>
        <p className={classes.sellerMeta}>
          {seller.reviews_count > 0 && (
            <span data-testid="seller-card-rating">
              <span aria-hidden className={classes.sellerStar}>
                ★
              </span>
              {` ${formatRating(seller.rating)} · ${countLabel(seller.reviews_count, WORDS.review)} · `}
            </span>
          )}
          {countLabel(seller.products_count, WORDS.product)}
        </p>
      </div>
    </ShopLink>
  );
}
