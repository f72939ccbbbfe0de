/**
 * The reviews section of a seller's page (server-rendered): the average with its stars and count, the star
 * distribution, the first page of reviews, and «Показать ещё» (a lazy part) for the next pages.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Page } from '@vitrina/contract/common';
import type { Review, RatingDistribution } from '@vitrina/contract/reviews';
import { countLabel, formatRating, WORDS } from '../../shared/lib/plural';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { EmptyState } from '../../shared/ui/empty-state';
import { ReviewCard } from './review-card';
import { Stars } from './stars';
import classes from './reviews.module.css';

const MoreReviews = lazyWithReload(() => import('./more-reviews'));
if (!import.meta.env.SSR) void MoreReviews.preload();

const REVIEWS_WORDS = WORDS.review;

/** How many reviews gave each number of stars, as bars from 5 to 1. */
export function RatingBars({ distribution, total }: { distribution: RatingDistribution; total: number }) {
  return (
    <div className={classes.distribution} data-testid="rating-distribution">
      {([5, 4, 3, 2, 1] as const).map((stars) => {
        const n = distribution[stars];
        return (
          <div key={stars} style={{ display: 'contents' }}>
            <span aria-hidden>{stars} ★</span>
            <div className={classes.bar} role="img" aria-label={`${stars} из 5: ${countLabel(n, REVIEWS_WORDS)}`}>
              <div className={classes.barFill} style={{ width: `${total ? Math.round((100 * n) / total) : 0}%` }} />
            </div>
            <span className={classes.count} aria-hidden>
              {n}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function SellerReviews({
  sellerId,
  rating,
  distribution,
  reviews,
}: {
  sellerId: number;
  rating: number | null;
  distribution: RatingDistribution;
  reviews: Page<Review>;
}) {
  return (
    <section aria-labelledby="seller-reviews">
      <Title order={2} fz={22} id="seller-reviews" mb="md">
        Отзывы
      </Title>
      {reviews.count === 0 ? (
        <EmptyState title="Отзывов пока нет" text="Отзыв появится, когда покупатель получит заказ и оценит сделку." />
      ) : (
        <Stack gap="lg">
          <div className={classes.summary}>
            <Stack gap={4} align="flex-start">
              <span className={classes.big} data-testid="seller-rating-big">
                {formatRating(rating)}
              </span>
              <Stars value={rating ?? 0} size={20} />
              <Text fz="sm" c="dimmed">
                {countLabel(reviews.count, REVIEWS_WORDS)}
              </Text>
            </Stack>
            <RatingBars distribution={distribution} total={reviews.count} />
          </div>
          <Stack gap="sm" data-testid="seller-reviews">
            {reviews.results.map((r) => (
              <Paper key={r.id} withBorder radius="md" p="md">
                <ReviewCard review={r} />
              </Paper>
            ))}
            {reviews.next && (
              <LazyPart>
                <MoreReviews sellerId={sellerId} shown={reviews.results.length} total={reviews.count} />
              </LazyPart>
            )}
          </Stack>
        </Stack>
      )}
    </section>
  );
}

/** The seller's rating in a line: «★ 4,7 · 23 отзыва» (nothing without reviews). */
export function RatingLine({ rating, count }: { rating: number | null; count: number }) {
  if (!count) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="seller-rating">
      <Stars value={rating ?? 0} size={15} />
      <Text fz="sm" fw={600} component="span">
        {formatRating(rating)}
      </Text>
      <Text fz="sm" c="dimmed" component="span">
        · {countLabel(count, REVIEWS_WORDS)}
      </Text>
    </Group>
  );
}
