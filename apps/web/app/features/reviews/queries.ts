/**
 * The reviews feature's queries on the shared cache (shared/api/query.ts): one order's reviews, and the changes —
 * a review written or edited, an answer — each of which puts the fresh answer in the cache.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, unwrap } from '../../shared/api/query';
import { answerReview, fetchOrderReviews, saveReview } from './api';

/** Query keys of the reviews feature. */
export const reviewKeys = {
  order: (orderId: number) => ['reviews', 'order', orderId] as const,
};

/** My review of an order, the other side's and what I may do (`GET /v1/sales/orders/{id}/reviews/`). */
export function useOrderReviews(orderId: number, enabled = true) {
  return useQuery(
    {
      queryKey: reviewKeys.order(orderId),
      enabled,
      queryFn: async ({ signal }) => unwrap(await fetchOrderReviews(orderId, signal)),
    },
    queryClient,
  );
}

/** Writes (or, with `edit`, changes) my review of an order; the order's reviews are loaded again. */
export function useSaveReview(orderId: number) {
  return useMutation(
    {
      mutationFn: async (v: { rating: number; text: string; edit: boolean }) =>
        unwrap(await saveReview(orderId, { rating: v.rating, text: v.text }, v.edit)),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.order(orderId) }),
    },
    queryClient,
  );
}

/** Answers the other side's review of an order. */
export function useAnswerReview(orderId: number) {
  return useMutation(
    {
      mutationFn: async (v: { reviewId: number; text: string }) => unwrap(await answerReview(v.reviewId, v.text)),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.order(orderId) }),
    },
    queryClient,
  );
}
