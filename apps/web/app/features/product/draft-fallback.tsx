/**
 * When the server answers 404 for a product, the signed-in owner may still see their own draft: the
 * browser retries the call with the owner's token and shows the product with the draft banner.
 */
import type { ProductDetail } from '@vitrina/contract/catalog';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';
import { NotFound } from '../../shared/ui/not-found';
import { ProductView } from './product-view';

export function DraftFallback({ slug }: { slug: string }) {
  const [product, setProduct] = useState<ProductDetail | null>(null);
  useEffect(() => {
    let alive = true;
    void api<ProductDetail>(`/v1/public/products/${encodeURIComponent(slug)}/`).then((r) => {
      if (alive && r.ok && r.data?.slug) setProduct(r.data);
    });
    return () => {
      alive = false;
    };
  }, [slug]);
  if (product) return <ProductView product={product} origin={window.location.origin} />;
  return <NotFound />;
}
