/**
 * Calls of the reviews (`/v1/sales/orders/{id}/review/`, `/v1/sales/orders/{id}/reviews/`, `/v1/reviews/{id}/answer/`,
 * `/v1/public/sellers/{id}/reviews/`). Every function returns the never-throwing `ApiResult`.
 */
import type { Page } from '@vitrina/contract/common';
import type { OrderReviews, Review } from '@vitrina/contract/reviews';
import { REVIEWS_PAGE_SIZE } from '@vitrina/contract/reviews';
import { api } from '../../shared/api/client';

/** `GET /v1/sales/orders/{id}/reviews/`: my review, theirs, and what I may do. */
export const fetchOrderReviews = (orderId: number, signal?: AbortSignal) =>
  api<OrderReviews>(`/v1/sales/orders/${orderId}/reviews/`, { signal });

/** `POST` (new) or `PATCH` (edit within 24 h) `/v1/sales/orders/{id}/review/`. */
export const saveReview = (orderId: number, body: { rating: number; text: string }, edit: boolean) =>
  api<Review>(`/v1/sales/orders/${orderId}/review/`, { method: edit ? 'PATCH' : 'POST', json: body });

/** `POST /v1/reviews/{id}/answer/`: the reviewed person's public answer. */
export const answerReview = (reviewId: number, text: string) =>
  api<Review>(`/v1/reviews/${reviewId}/answer/`, { method: 'POST', json: { text } });

/** `GET /v1/public/sellers/{id}/reviews/?page=N`: a page of a seller's reviews, newest first. */
export const fetchSellerReviews = (sellerId: number, page: number, signal?: AbortSignal) =>
  api<Page<Review>>(`/v1/public/sellers/${sellerId}/reviews/?page=${page}&page_size=${REVIEWS_PAGE_SIZE}`, {
    signal,
    auth: false,
  });
