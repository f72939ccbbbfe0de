/**
 * Reviews in an order's panel (purchases and sales), once the order is completed (or refunded): the form for mine
 * until the window closes, mine with «Изменить» for 24 hours, the other side's review of me and my answer to it.
 */
import { Alert, Button, Divider, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { REVIEW_TEXT_MAX, type Review } from '@vitrina/contract/reviews';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { moscowDayTime } from '../../shared/lib/dates';
import { useAnswerReview, useOrderReviews } from './queries';
import { ReviewCard } from './review-card';
import { ReviewForm } from './review-form';

function AnswerForm({ orderId, review }: { orderId: number; review: Review }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerReview(orderId);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Напишите ответ.');
    setError(null);
    answer.mutate(
      { reviewId: review.id, text },
      { onError: (err) => setError(errorInfo(err)?.fields.text?.[0] ?? errorMessage(err)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Ответ на отзыв">
      <Stack gap="xs">
        <Textarea
          label="Ваш ответ"
          description="Ответ виден всем под отзывом. Ответить можно один раз."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" variant="default" loading={answer.isPending} w="fit-content">
          Ответить
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Loaded once it is first displayed (a closed order panel's content is hidden and has no size: a list of completed
 * orders asks for the reviews of the orders opened, not of every order).
 * @param role the viewer's side of the order
 */
export default function OrderReview({ orderId, role }: { orderId: number; role: 'buyer' | 'seller' }) {
  const { ref, width } = useElementSize();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (width > 0) setSeen(true);
  }, [width]);
  return (
    <div ref={ref} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
      <OrderReviewBody orderId={orderId} role={role} enabled={seen} />
    </div>
  );
}

function OrderReviewBody({ orderId, role, enabled }: { orderId: number; role: 'buyer' | 'seller'; enabled: boolean }) {
  const q = useOrderReviews(orderId, enabled);
  const [editing, setEditing] = useState(false);
  const other = role === 'buyer' ? 'продавца' : 'покупателя';
  if (q.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Загружаем отзывы" data-testid="order-review-skeleton">
        <Skeleton h={18} w={160} />
        <Skeleton h={28} w={180} />
        <Skeleton h={72} />
      </Stack>
    );
  if (q.isError)
    return (
      <Alert color="red" variant="light" title="Не удалось загрузить отзывы">
        <Text fz="sm">{errorMessage(q.error)}</Text>
        <Button mt="xs" size="xs" variant="outline" onClick={() => void q.refetch()}>
          Повторить
        </Button>
      </Alert>
    );
  const r = q.data;
  return (
    <Stack gap="md" data-testid="order-review">
      <Divider />
      <Title order={3} fz={16}>
        Отзывы о сделке
      </Title>
      {r.mine && !editing ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Text fz="xs" fw={600} c="dimmed">
              Ваш отзыв о {role === 'buyer' ? 'продавце' : 'покупателе'}
            </Text>
            <ReviewCard review={r.mine} />
            {r.edit_until && (
              <Button variant="subtle" size="xs" w="fit-content" px={0} onClick={() => setEditing(true)}>
                Изменить (до {moscowDayTime(r.edit_until)})
              </Button>
            )}
          </Stack>
        </Paper>
      ) : r.mine && editing ? (
        <ReviewForm orderId={orderId} about={other} initial={r.mine} onDone={() => setEditing(false)} />
      ) : r.can_review ? (
        <Stack gap={4}>
          {r.review_until && (
            <Text fz="sm" c="dimmed">
              Оставьте отзыв до {moscowDayTime(r.review_until)}. Его можно будет изменить в течение 24 часов.
            </Text>
          )}
          <ReviewForm orderId={orderId} about={other} onDone={() => setEditing(false)} />
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {r.review_until
            ? 'Срок, чтобы оставить отзыв, прошёл — 14 дней после завершения заказа.'
            : 'По заказу с возвратом денег отзыв оставляет только покупатель.'}
        </Text>
      )}
      {r.theirs ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Text fz="xs" fw={600} c="dimmed">
              Отзыв {other} о вас
            </Text>
            <ReviewCard review={r.theirs} />
            {r.can_answer && <AnswerForm orderId={orderId} review={r.theirs} />}
          </Stack>
        </Paper>
      ) : (
        <Text fz="sm" c="dimmed">
          {role === 'buyer' ? 'Продавец' : 'Покупатель'} пока не оставил отзыв о вас.
        </Text>
      )}
    </Stack>
  );
}
