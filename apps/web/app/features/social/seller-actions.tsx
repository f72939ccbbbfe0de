/**
 * What a visitor can do about a seller, on the seller's page: «Подписаться» and, under it, «Пожаловаться на продавца»
 * (both hidden on one's own page). The default export: seller-profile.tsx loads it as a chunk of its own.
 */
import { ReportButton } from '../report';
import SubscribeButton from './subscribe-button';
import classes from './seller-actions.module.css';

export default function SellerActions({
  sellerId,
  onChange,
}: {
  sellerId: number;
  /** The subscription changed (the page updates its counter). */
  onChange?: (subscribed: boolean) => void;
}) {
  return (
    <div className={classes.actions}>
      <SubscribeButton sellerId={sellerId} onChange={onChange} />
      <ReportButton type="user" id={sellerId} ownerId={sellerId} />
    </div>
  );
}
