/** The product feature's queries on the shared cache (shared/api/query.ts), with their keys in one place. */
import { useQuery } from '@tanstack/react-query';
import { queryClient, typedQuery } from '../../shared/api/query';

/** Query keys of the product feature. */
export const productKeys = {
  all: ['product'] as const,
  detail: (slug: string) => ['product', slug] as const,
};

/** A product by slug, asked with the token (the owner gets their own draft; anybody else a 404). */
export function useProduct(slug: string) {
  return useQuery(
    {
      queryKey: productKeys.detail(slug),
      queryFn: typedQuery('/v1/public/products/{slug}/', { params: { path: { slug } } }),
    },
    queryClient,
  );
}
