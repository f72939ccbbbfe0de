/** The search feature's queries on the shared cache (shared/api/query.ts), with their keys in one place. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient, typedQuery } from '../../shared/api/query';

/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  suggest: (q: string) => ['search', 'suggest', q] as const,
};

/**
 * Suggestions for the typed text (`/v1/public/search/suggest/`), from 2 characters on; the previous answer
 * stays on screen while the next loads. A typeahead does not retry: the next keystroke asks again.
 */
export function useSuggest(q: string) {
  return useQuery(
    {
      queryKey: searchKeys.suggest(q),
      queryFn: typedQuery('/v1/public/search/suggest/', { params: { query: { q } }, auth: false }),
      enabled: q.length >= 2,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      retry: false,
    },
    queryClient,
  );
}
