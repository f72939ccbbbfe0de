/**
 * The sell feature's queries and changes on the shared cache (shared/api/query.ts): the query keys in one
 * place, the form's reference data, the owner's listings and their counts by status. A change of a listing
 * marks the owner's lists and counts stale, so every screen showing them refetches.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Listing } from '@vitrina/contract/products';
import { queryClient, unwrap } from '../../shared/api/query';
import {
  deleteListing,
  fetchCategories,
  fetchChars,
  fetchFee,
  fetchListing,
  fetchOwnerPage,
  fetchSizes,
  fetchStatuses,
  makeDraft,
  publishListing,
} from './api';

/** Query keys of the sell feature. */
export const sellKeys = {
  all: ['sell'] as const,
  statuses: ['sell', 'statuses'] as const,
  owner: ['sell', 'owner'] as const,
  ownerPage: (status: string, page: number) => ['sell', 'owner', status, page] as const,
  chars: ['sell', 'chars'] as const,
  fee: ['sell', 'fee'] as const,
  categories: (type: string) => ['sell', 'categories', type] as const,
  sizes: (category: number) => ['sell', 'sizes', category] as const,
  listing: (id: number) => ['sell', 'listing', id] as const,
};

/** The owner's listings counted by status (`GET /v1/product_statuses/`). */
export function useProductStatuses() {
  return useQuery({ queryKey: sellKeys.statuses, queryFn: async () => unwrap(await fetchStatuses()) }, queryClient);
}

/** A page of the owner's listings of one status; the previous page stays on screen while the next loads. */
export function useOwnerPage(status: string, page: number) {
  return useQuery(
    {
      queryKey: sellKeys.ownerPage(status, page),
      queryFn: async ({ signal }) => unwrap(await fetchOwnerPage(status, page, signal)),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

/** What the owner does with a listing from the list. */
export type ListingAction = 'draft' | 'publish' | 'delete';

/** To drafts, publish or delete a listing; the owner's lists and counts then refetch. */
export function useListingAction() {
  return useMutation(
    {
      mutationFn: async ({ id, kind }: { id: number; kind: ListingAction }) =>
        unwrap<Listing | null>(
          kind === 'draft'
            ? await makeDraft(id)
            : kind === 'publish'
              ? await publishListing(id)
              : await deleteListing(id),
        ),
      onSuccess: () => invalidateOwnerListings(),
    },
    queryClient,
  );
}

/** Marks the owner's lists and counts stale (after a listing was created, changed or removed). */
export function invalidateOwnerListings() {
  void queryClient.invalidateQueries({ queryKey: sellKeys.owner });
  void queryClient.invalidateQueries({ queryKey: sellKeys.statuses });
}

/** The sell form's reference data (`GET /v1/product/chars/`). */
export function useChars() {
  return useQuery(
    { queryKey: sellKeys.chars, queryFn: async () => unwrap(await fetchChars()).data, staleTime: 5 * 60_000 },
    queryClient,
  );
}

/** The commission (`GET /v1/fee/`). */
export function useFee() {
  return useQuery({ queryKey: sellKeys.fee, queryFn: async () => unwrap(await fetchFee()) }, queryClient);
}

/**
 * The listing being edited, while `id` is set. Not kept after the form closes (`gcTime: 0`): the form fills
 * itself once from what it gets, so it must always get the listing as it is now.
 */
export function useListing(id: number | null) {
  return useQuery(
    {
      queryKey: sellKeys.listing(id ?? 0),
      queryFn: async () => unwrap(await fetchListing(id!)),
      enabled: id !== null && id > 0,
      gcTime: 0,
    },
    queryClient,
  );
}

/** The categories of a section (women, men, kids). */
export function useCategories(type: string) {
  return useQuery(
    {
      queryKey: sellKeys.categories(type),
      queryFn: async () => unwrap(await fetchCategories(type)),
      staleTime: 5 * 60_000,
    },
    queryClient,
  );
}

/** The size grid of a category, while one is chosen. */
export function useSizeGrid(category: number | null) {
  return useQuery(
    {
      queryKey: sellKeys.sizes(category ?? 0),
      queryFn: async () => unwrap(await fetchSizes(category!)).map((s) => ({ value: s.value, label: s.label })),
      enabled: category !== null && category > 0,
      staleTime: 5 * 60_000,
    },
    queryClient,
  );
}
