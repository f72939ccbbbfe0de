/**
 * What a claim says, for both sides and staff: the buyer's reason, text and photos, the seller's answer, a partial
 * offer and its answer, the escalation, the decision with the staff's comment.
 */
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { Claim } from '@vitrina/contract/disputes';
import { moscowDayTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { SentPhotos } from './claim-photos';

const WHY: Record<string, string> = {
  timeout: 'ответа не было в срок',
  contest: 'продавец не согласен',
  rejected: 'покупатель отклонил предложение',
};

export function ClaimView({ claim }: { claim: Claim }) {
  const d = claim.decision;
  return (
    <Stack gap="sm" data-testid="claim">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Спор по заказу</Text>
        <Badge color={claim.status === 'decided' ? 'gray' : 'red'} variant="light" tt="none" data-testid="claim-status">
          {claim.status_label}
        </Badge>
      </Group>
      <Box>
        <Text fz="xs" c="dimmed">
          Покупатель, {moscowDayTime(claim.created_at)}
        </Text>
        <Text fz="sm" fw={600}>
          {claim.reason_label}
        </Text>
        {claim.text && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {claim.text}
          </Text>
        )}
        <SentPhotos photos={claim.photos} label="Покупатель" />
      </Box>
      {claim.reply && (
        <Box>
          <Text fz="xs" c="dimmed">
            Продавец, {moscowDayTime(claim.reply.replied_at)}
          </Text>
          <Text fz="sm" fw={600}>
            {claim.reply.action === 'offer_partial' && claim.offer_amount !== null
              ? `Предлагает вернуть ${formatPrice(claim.offer_amount)}`
              : claim.reply.action_label}
          </Text>
          {claim.reply.text && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {claim.reply.text}
            </Text>
          )}
          <SentPhotos photos={claim.reply.photos} label="Продавец" />
        </Box>
      )}
      {claim.offer_answer && (
        <Text fz="sm">Покупатель {claim.offer_answer === 'accepted' ? 'принял' : 'отклонил'} предложение.</Text>
      )}
      {claim.escalated_at && (
        <Text fz="sm">
          Спор передан Витрине {moscowDayTime(claim.escalated_at)}
          {claim.escalated_why ? `: ${WHY[claim.escalated_why] ?? claim.escalated_why}` : ''}.
        </Text>
      )}
      {d && (
        <Box
          p="sm"
          style={{ background: 'var(--vt-mist)', borderRadius: 8 }}
          role="status"
          data-testid="claim-decision"
        >
          <Text fz="sm" fw={700}>
            {d.decided_by === 'staff' ? 'Решение Витрины' : 'Стороны договорились'}: {d.label.toLowerCase()}
          </Text>
          {d.amount > 0 && <Text fz="sm">Покупателю возвращается {formatPrice(d.amount)}.</Text>}
          {d.decided_by === 'staff' && d.comment && <Text fz="sm">«{d.comment}»</Text>}
          <Text fz="xs" c="dimmed">
            {moscowDayTime(d.decided_at)}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
