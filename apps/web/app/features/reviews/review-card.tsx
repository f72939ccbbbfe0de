/** One review as the public sees it: author, stars, date, item, text, and the reviewed person's answer. */
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Review } from '@vitrina/contract/reviews';
import { Stars } from './stars';
import classes from './reviews.module.css';

/*
 * Light on purpose (the seller page's JavaScript budget, e2e/site/js-budget.test.ts): links are `Text` as `Link`, the
 * refund mark is text, and the date is one `Intl` formatter (shared/lib/dates.ts writes the same «22 ноября 2026»).
 */
const DAY = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const formatDate = (iso: string) => DAY.format(new Date(iso)).replace(/\s*г\.$/, '');

/** «Покупатель» / «Продавец»: the author's side of the deal. */
export const roleLabel = (r: Pick<Review, 'author_role'>) => (r.author_role === 'buyer' ? 'Покупатель' : 'Продавец');

export function ReviewCard({ review }: { review: Review }) {
  const a = review.author;
  return (
    <Stack gap={6} data-testid="review">
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={a.avatar?.url_small} alt="" size={36} radius="xl" color="ink">
          {a.name.slice(0, 1)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          {a.has_page && a.id != null ? (
            <Text component={Link} to={`/seller/${a.id}`} fw={600} fz="sm" c="ink.9" td="underline">
              {a.name}
            </Text>
          ) : (
            <Text fw={600} fz="sm">
              {a.name}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {roleLabel(review)} · {formatDate(review.created_at)}
            {review.edited_at ? ' · изменён' : ''}
          </Text>
        </Stack>
        <Stars value={review.rating} />
      </Group>
      {review.order_refunded && (
        <Text fz="xs" c="dimmed" fw={600}>
          Деньги за заказ возвращены
        </Text>
      )}
      {review.text && (
        <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.text}
        </Text>
      )}
      {review.item && (
        <Group gap="xs" wrap="nowrap">
          {review.item.photo && <img src={review.item.photo} alt="" className={classes.itemPhoto} loading="lazy" />}
          <Text component={Link} to={`/product/${review.item.slug}`} fz="xs" c="dimmed" lineClamp={1}>
            {review.item.title}
          </Text>
        </Group>
      )}
      {review.answer && (
        <div className={classes.answer}>
          <Text fz="xs" fw={600}>
            {review.author_role === 'buyer' ? 'Ответ продавца' : 'Ответ покупателя'} ·{' '}
            {formatDate(review.answer.created_at)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.answer.text}
          </Text>
        </div>
      )}
    </Stack>
  );
}
