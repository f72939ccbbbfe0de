/**
 * When the server answers 404 for a product, the signed-in owner may still see their own draft: the
 * browser retries the call with the owner's token and shows the product with the draft banner. A chunk of
 * its own (lazy.tsx): only a 404 product page needs it. It does not import the product view itself (the
 * page has it already), so the view stays in the product page's own chunk.
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import type { ReactNode } from 'react';
import { NotFound } from '../../shared/ui/not-found';
import { useProduct } from './queries';

/** The owner's draft through `render`, or the 404 page (the default export: loaded as a chunk of its own). */
export default function DraftFallback({
  slug,
  render,
}: {
  slug: string;
  render: (product: ProductDetail) => ReactNode;
}) {
  const product = useProduct(slug).data;
  if (product?.slug) return render(product);
  return <NotFound />;
}
