/** The product feature's parts loaded as chunks of their own (the dynamic imports stay inside the feature). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { NotFound } from '../../shared/ui/not-found';
import { ProductView } from './product-view';

const DraftLoader = lazyWithReload(() => import('./draft-fallback'));

/** A 404 product page that shows the signed-in owner's own draft instead (the 404 page while it loads). */
export function DraftFallback({ slug }: { slug: string }) {
  return (
    <LazyPart fallback={<NotFound />}>
      <DraftLoader
        slug={slug}
        render={(product) => <ProductView product={product} origin={window.location.origin} />}
      />
    </LazyPart>
  );
}
