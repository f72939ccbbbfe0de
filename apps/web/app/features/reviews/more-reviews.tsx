/**
 * «Показать ещё» under a seller's reviews (its own chunk): loads the next pages in the browser and adds them below,
 * with skeletons while a page loads and a retry on failure.
 */
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { Review } from '@vitrina/contract/reviews';
import { REVIEWS_PAGE_SIZE } from '@vitrina/contract/reviews';
import { useState } from 'react';
import { fetchSellerReviews } from './api';
import { ReviewCard } from './review-card';

export default function MoreReviews({ sellerId, shown, total }: { sellerId: number; shown: number; total: number }) {
  const [more, setMore] = useState<Review[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = shown + more.length;
  const load = async () => {
    setLoading(true);
    setError(null);
    const res = await fetchSellerReviews(sellerId, Math.floor(count / REVIEWS_PAGE_SIZE) + 1);
    setLoading(false);
    if (!res.ok) return setError(res.error.message);
    setMore((m) => [...m, ...res.data.results.filter((r) => !m.some((x) => x.id === r.id))]);
  };
  return (
    <>
      {more.map((r) => (
        <Paper key={r.id} withBorder radius="md" p="md">
          <ReviewCard review={r} />
        </Paper>
      ))}
      {loading &&
        [0, 1].map((i) => (
          <Paper key={`s${i}`} withBorder radius="md" p="md" aria-hidden data-testid="review-skeleton">
            <Stack gap="xs">
              <Skeleton h={36} w="40%" radius="xl" />
              <Skeleton h={14} w="90%" />
              <Skeleton h={14} w="70%" />
            </Stack>
          </Paper>
        ))}
      {error && (
        <Alert color="red" variant="light" title="Не удалось загрузить отзывы">
          {error}
        </Alert>
      )}
      {count < total && (
        <Button variant="default" onClick={() => void load()} loading={loading} w="fit-content">
          Показать ещё
        </Button>
      )}
    </>
  );
}
