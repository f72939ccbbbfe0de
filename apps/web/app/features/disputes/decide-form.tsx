/** Staff's decision on a dispute (once): refund, partial refund (rubles) or release, with a comment both sides read. */
import { Alert, Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DISPUTE_DECISIONS, type DisputeDecision } from '@vitrina/contract/disputes';
import type { ApiErrorInfo } from '../../shared/api/client';
import { queryClient } from '../../shared/api/query';
import { resolveDispute } from './api';
import { RefundAmountInput } from './refund-amount';

export function DecideForm({ orderId, total }: { orderId: number; total: number }) {
  const [decision, setDecision] = useState<DisputeDecision>('refund');
  const [amount, setAmount] = useState<number | string>('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorInfo | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const r = await resolveDispute(orderId, {
      decision,
      comment,
      ...(decision === 'partial_refund' ? { amount: Number(amount) } : {}),
    });
    setBusy(false);
    if (!r.ok) setError(r.error);
    else void queryClient.invalidateQueries({ queryKey: ['disputes'] });
  };
  return (
    <Stack gap="sm" pt="sm" style={{ borderTop: '1px solid var(--vt-line)' }} data-testid="decide-form">
      <Radio.Group label="Решение" value={decision} onChange={(v) => setDecision(v as DisputeDecision)}>
        <Group gap="md" mt={6}>
          {DISPUTE_DECISIONS.map((d) => (
            <Radio key={d.value} value={d.value} label={d.label} />
          ))}
        </Group>
      </Radio.Group>
      {decision === 'partial_refund' && (
        <RefundAmountInput
          label="Вернуть покупателю, ₽"
          total={total}
          value={amount}
          onChange={setAmount}
          error={error?.fields.amount?.[0]}
        />
      )}
      <Textarea
        label="Комментарий для обеих сторон"
        required
        autosize
        minRows={2}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={error?.fields.comment?.[0]}
      />
      {error && !error.fields.amount && !error.fields.comment && (
        <Alert color="red" variant="light" p="sm">
          {error.message}
        </Alert>
      )}
      <Button onClick={() => void submit()} loading={busy} style={{ alignSelf: 'flex-start' }}>
        Принять решение
      </Button>
    </Stack>
  );
}
