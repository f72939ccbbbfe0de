/**
 * The review form of an order (new, or an edit within 24 h): stars 1–5 as Mantine's `Rating` (radio inputs: Tab
 * reaches it, arrows change it) in a fieldset «Оценка», the text up to 2 000 characters, Russian messages.
 */
import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_TEXT_MAX, type Review } from '@vitrina/contract/reviews';
import { useId, useState } from 'react';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { useSaveReview } from './queries';

const STAR_WORDS = ['', 'ужасно', 'плохо', 'нормально', 'хорошо', 'отлично'];

export function ReviewForm({
  orderId,
  about,
  initial,
  onDone,
}: {
  orderId: number;
  /** Whom the review is about: «продавца» / «покупателя». */
  about: string;
  /** The review being edited, or undefined for a new one. */
  initial?: Review;
  onDone: () => void;
}) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const save = useSaveReview(orderId);
  const legend = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setErrors({ rating: 'Поставьте оценку от 1 до 5 звёзд.' });
    if (text.length > REVIEW_TEXT_MAX) return setErrors({ text: `Не больше ${REVIEW_TEXT_MAX} символов.` });
    setErrors({});
    save.mutate(
      { rating, text, edit: Boolean(initial) },
      {
        onSuccess: onDone,
        onError: (err) => {
          const f = errorInfo(err)?.fields ?? {};
          setErrors({
            rating: f.rating?.[0],
            text: f.text?.[0],
            form: f.rating || f.text ? undefined : (f.order?.[0] ?? errorMessage(err)),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Изменить отзыв' : 'Отзыв'}>
      <Stack gap="sm">
        <fieldset
          style={{ border: 0, padding: 0, margin: 0 }}
          aria-describedby={errors.rating ? `${legend}-e` : undefined}
        >
          <Text component="legend" fz="sm" fw={600} mb={4} id={legend}>
            Оцените {about}
          </Text>
          <Group gap="sm" align="center">
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              color="orange"
              name={`review-${orderId}`}
              getSymbolLabel={(i) => `${i} из 5`}
            />
            {rating > 0 && (
              <Text fz="sm" c="dimmed" aria-live="polite">
                {STAR_WORDS[rating]}
              </Text>
            )}
          </Group>
          {errors.rating && (
            <Text fz="xs" c="red.8" mt={4} id={`${legend}-e`} role="alert">
              {errors.rating}
            </Text>
          )}
        </fieldset>
        <Textarea
          label="Отзыв"
          description="Что понравилось, что нет: вещь, упаковка, общение. Его увидят все."
          placeholder="Например: вещь как на фото, отправили быстро"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
        />
        <Text fz="xs" c="dimmed" ta="right" mt={-6}>
          {text.length} / {REVIEW_TEXT_MAX}
        </Text>
        {errors.form && (
          <Text fz="sm" c="red.8" role="alert">
            {errors.form}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {initial ? 'Сохранить' : 'Оставить отзыв'}
          </Button>
          {initial && (
            <Button variant="default" onClick={onDone}>
              Отмена
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
