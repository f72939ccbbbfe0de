/**
 * The claim part of an order's panel (purchases and sales): the buyer's claim dialog while the window is open (the
 * order's «Есть проблема» opens it through `openClaimDialog`; the window's end is the order's deadline banner), the
 * claim's state, the seller's answer form, the buyer's accept/reject of a partial offer, the decision.
 */
import { Alert, Box, Button, Group, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { moscowDayTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { errorMessage } from '../../shared/api/query';
import { answerOffer } from './api';
import { ClaimDialog } from './claim-dialog';
import { ClaimView } from './claim-view';
import { SellerReply } from './seller-reply';
import { claimChanged, useClaimDialogOpen, useOrderClaim } from './queries';

/** Statuses in which an order may have (or get) a claim. */
const CLAIM_STATUSES = ['shipped', 'delivered', 'disputed', 'completed', 'refunded'];

export function OrderClaimPart(props: {
  order: { id: number; status: string; total: number };
  role: 'buyer' | 'seller';
}) {
  if (!CLAIM_STATUSES.includes(props.order.status)) return null;
  return <ClaimPart {...props} />;
}

function ClaimPart({
  order,
  role,
}: {
  order: { id: number; status: string; total: number };
  role: 'buyer' | 'seller';
}) {
  const q = useOrderClaim(order.id);
  const opened = useClaimDialogOpen(order.id);
  const [busy, setBusy] = useState<boolean | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  if (q.isPending) return <Skeleton h={36} mt="lg" aria-hidden />;
  if (q.isError)
    return (
      <Alert color="red" variant="light" mt="lg" p="sm">
        {errorMessage(q.error)}{' '}
        <Button size="compact-xs" variant="subtle" onClick={() => void q.refetch()}>
          Повторить
        </Button>
      </Alert>
    );
  const { claim, can_open } = q.data;
  const answer = async (accept: boolean) => {
    setBusy(accept);
    setAnswerError(null);
    const r = await answerOffer(order.id, accept);
    setBusy(null);
    if (r.ok) void claimChanged(order.id, r.data);
    else setAnswerError(r.error.message);
  };

  const dialog = role === 'buyer' && <ClaimDialog orderId={order.id} opened={opened && can_open} />;
  if (!claim) return dialog;
  return (
    <Box mt="lg" pt="md" style={{ borderTop: '1px solid var(--vt-line)' }}>
      {dialog}
      <ClaimView claim={claim} />
      {role === 'seller' && claim.status === 'open' && (
        <Box mt="md">
          <SellerReply orderId={order.id} total={order.total} replyBy={claim.reply_by} />
        </Box>
      )}
      {role === 'buyer' && claim.status === 'offered' && claim.offer_amount !== null && (
        <Box mt="md" data-testid="claim-offer">
          <Text fz="sm" fw={600}>
            Вернуть {formatPrice(claim.offer_amount)}, остальное — продавцу?
          </Text>
          {claim.answer_by && (
            <Text fz="xs" c="dimmed">
              Ответьте до {moscowDayTime(claim.answer_by)}; если отклонить, спор решит Витрина.
            </Text>
          )}
          <Group gap="sm" mt="xs">
            <Button onClick={() => void answer(true)} loading={busy === true} disabled={busy === false}>
              Принять
            </Button>
            <Button
              variant="default"
              onClick={() => void answer(false)}
              loading={busy === false}
              disabled={busy === true}
            >
              Отклонить
            </Button>
          </Group>
          {answerError && (
            <Text fz="sm" c="red.8" mt={4} role="alert">
              {answerError}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
