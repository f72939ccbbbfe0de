/**
 * «Пожаловаться» as a chunk of its own: the pages that show it (product, seller) are at their JavaScript budget, so
 * their first scripts carry only this wrapper; the button comes a chunk later and its dialog on the first press.
 */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import type { ReportTarget } from './api';

const Button = /* @__PURE__ */ lazyWithReload<ReportTarget>(() => import('./report-button'));

/**
 * «Пожаловаться на объявление» / «Пожаловаться на продавца».
 * @param type `product` (a listing, by id) or `user` (a seller, by id)
 * @param ownerId the listing's seller or the user themself: the button hides for them
 */
export function ReportButton(props: ReportTarget) {
  return (
    <LazyPart>
      <Button {...props} />
    </LazyPart>
  );
}
