/**
 * The order panels' reviews as a chunk of their own (the form, its `Rating` and the data layer load with the first
 * opened completed order, not with every page that shows reviews), with a skeleton while the chunk arrives.
 */
import { Skeleton, Stack } from '@mantine/core';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const Part = /* @__PURE__ */ lazyWithReload(() => import('./order-review'));

const skeleton = (
  <Stack gap="xs" mt="lg" aria-hidden>
    <Skeleton h={18} w={160} />
    <Skeleton h={72} />
  </Stack>
);

/** Reviews in an order's panel (purchases and sales) after completion: write, edit for 24 h, answer. */
export function OrderReview(props: { orderId: number; role: 'buyer' | 'seller' }) {
  return (
    <LazyPart fallback={skeleton}>
      <Part {...props} />
    </LazyPart>
  );
}
