/**
 * The sales center's queries on the shared cache (shared/api/query.ts): statistics per period (the previous
 * period's figures stay on screen while the next load), the balance and the service level.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient, unwrap } from '../../shared/api/query';
import { fetchBalance, fetchServiceLevel, fetchStatistics } from './api';

/** Query keys of the sales center. */
export const salesKeys = {
  all: ['sales'] as const,
  statistics: (query: string) => ['sales', 'statistics', query] as const,
  balance: ['sales', 'balance'] as const,
  serviceLevel: ['sales', 'service-level'] as const,
};

/** Statistics of a period (`query` from `periodQuery()`). */
export function useStatistics(query: string) {
  return useQuery(
    {
      queryKey: salesKeys.statistics(query),
      queryFn: async ({ signal }) => unwrap(await fetchStatistics(query, signal)).data,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

/** The seller's balance, ₽. */
export function useBalance() {
  return useQuery(
    { queryKey: salesKeys.balance, queryFn: async ({ signal }) => unwrap(await fetchBalance(signal)).data },
    queryClient,
  );
}

/** The service level over the last 30 days. */
export function useServiceLevel() {
  return useQuery(
    { queryKey: salesKeys.serviceLevel, queryFn: async ({ signal }) => unwrap(await fetchServiceLevel(signal)).data },
    queryClient,
  );
}
