/**
 * Calls of the reviews (`/v1/sales/orders/{id}/review/`, `/v1/sales/orders/{id}/reviews/`, `/v1/reviews/{id}/answer/`,
 * `/v1/public/sellers/{id}/reviews/`), typed from the server's OpenAPI document (shared/api/typed.ts). Every function
 * returns the never-throwing `ApiResult`.
 */
import { REVIEWS_PAGE_SIZE } from '@vitrina/contract/reviews';
import { apiClient } from '../../shared/api/typed';

/** `GET /v1/sales/orders/{id}/reviews/`: my review, theirs, and what I may do. */
export const fetchOrderReviews = (orderId: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/orders/{id}/reviews/', { params: { path: { id: orderId } }, signal });

/** `POST` (new) or `PATCH` (edit within 24 h) `/v1/sales/orders/{id}/review/`. */
export const saveReview = (orderId: number, body: { rating: number; text: string }, edit: boolean) => {
  const init = { params: { path: { id: orderId } }, body };
  return edit
    ? apiClient.PATCH('/v1/sales/orders/{id}/review/', init)
    : apiClient.POST('/v1/sales/orders/{id}/review/', init);
};

/** `POST /v1/reviews/{id}/answer/`: the reviewed person's public answer. */
export const answerReview = (reviewId: number, text: string) =>
  apiClient.POST('/v1/reviews/{id}/answer/', { params: { path: { id: reviewId } }, body: { text } });

/** `GET /v1/public/sellers/{id}/reviews/?page=N`: a page of a seller's reviews, newest first. */
export const fetchSellerReviews = (sellerId: number, page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/public/sellers/{id}/reviews/', {
    params: { path: { id: sellerId }, query: { page: String(page), page_size: String(REVIEWS_PAGE_SIZE) } },
    signal,
    auth: false,
  });
