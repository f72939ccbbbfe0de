/**
 * The social feature's queries and changes on the shared cache (shared/api/query.ts): the query keys in one
 * place, the subscribers and subscriptions lists and whether the user follows a seller. A (un)subscription
 * writes its answer into the cache and marks the lists stale.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, unwrap } from '../../shared/api/query';
import { fetchIsSubscribed, fetchUserPage, subscribe, unsubscribe } from './api';

/** `subscribers` (who follows me) or `subscribes` (whom I follow). */
export type UserListKind = 'subscribers' | 'subscribes';

/** Query keys of the social feature. */
export const socialKeys = {
  all: ['social'] as const,
  users: (which: UserListKind, page: number) => ['social', which, page] as const,
  subscribed: (sellerId: number) => ['social', 'subscribed', sellerId] as const,
};

/** A page of 12 user cards (spec §9). */
export function useUserPage(which: UserListKind, page: number) {
  return useQuery(
    {
      queryKey: socialKeys.users(which, page),
      queryFn: async ({ signal }) => unwrap(await fetchUserPage(which, page, signal)),
    },
    queryClient,
  );
}

const isSubscribedQuery = (sellerId: number) => ({
  queryKey: socialKeys.subscribed(sellerId),
  queryFn: async () => unwrap(await fetchIsSubscribed(sellerId)).subscribed,
});

/** Whether the signed-in user follows `sellerId` now (the cached answer, or asked). Throws the API's error. */
export const fetchSubscribed = (sellerId: number) => queryClient.fetchQuery(isSubscribedQuery(sellerId));

/** Whether the signed-in user follows `sellerId`, loaded while `enabled`. */
export function useIsSubscribed(sellerId: number, enabled: boolean) {
  return useQuery({ ...isSubscribedQuery(sellerId), enabled }, queryClient);
}

/** Subscribes to a seller or unsubscribes (`subscribe` true/false); the answer's state goes into the cache. */
export function useToggleSubscription(sellerId: number) {
  return useMutation(
    {
      mutationFn: async (subscribeTo: boolean) =>
        unwrap(await (subscribeTo ? subscribe(sellerId) : unsubscribe(sellerId))).subscribed,
      onSuccess: (subscribed) => {
        queryClient.setQueryData(socialKeys.subscribed(sellerId), subscribed);
        void queryClient.invalidateQueries({ queryKey: ['social', 'subscribes'] });
      },
    },
    queryClient,
  );
}
