/**
 * The seller's answer to a claim (within 3 days): return the money, offer a partial refund (rubles, less than the
 * order), or contest (staff decide); a text and up to five photos with upload progress.
 */
import { Alert, Button, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CLAIM_ACTIONS, CLAIM_TEXT_MAX, type ClaimAction } from '@vitrina/contract/disputes';
import type { ApiErrorInfo } from '../../shared/api/client';
import { moscowDayTime } from '../../shared/lib/dates';
import { sendReply } from './api';
import { RefundAmountInput } from './refund-amount';
import { appendPhotos, PhotoPicker } from './claim-photos';
import { claimChanged } from './queries';

export function SellerReply({ orderId, total, replyBy }: { orderId: number; total: number; replyBy: string }) {
  const [action, setAction] = useState<ClaimAction | ''>('');
  const [amount, setAmount] = useState<number | string>('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ApiErrorInfo | null>(null);

  const submit = async () => {
    if (!action) {
      setError({ status: 400, message: 'Выберите ответ.', fields: { action: ['Выберите ответ.'] } });
      return;
    }
    const form = new FormData();
    form.set('action', action);
    if (action === 'offer_partial') form.set('amount', String(amount));
    form.set('text', text);
    appendPhotos(form, files);
    setError(null);
    setProgress(0);
    const r = await sendReply(orderId, form, setProgress);
    setProgress(null);
    if (!r.ok) setError(r.error);
    else void claimChanged(orderId, r.data);
  };

  return (
    <Stack gap="sm" data-testid="claim-reply">
      <Text fz="sm" fw={600}>
        Ответьте до {moscowDayTime(replyBy)} — иначе спор решит Витрина
      </Text>
      <Radio.Group value={action} onChange={(v) => setAction(v as ClaimAction)} error={error?.fields.action?.[0]}>
        <Stack gap={6}>
          {CLAIM_ACTIONS.map((a) => (
            <Radio key={a.value} value={a.value} label={a.label} />
          ))}
        </Stack>
      </Radio.Group>
      {action === 'offer_partial' && (
        <RefundAmountInput
          label="Сколько вернуть покупателю, ₽"
          description="Меньше суммы заказа; остаток вы получите за вычетом комиссии"
          total={total}
          value={amount}
          onChange={setAmount}
          error={error?.fields.amount?.[0]}
        />
      )}
      <Textarea
        label="Комментарий"
        autosize
        minRows={2}
        maxLength={CLAIM_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error?.fields.text?.[0]}
      />
      <PhotoPicker files={files} onChange={setFiles} />
      {progress !== null && <Progress value={progress * 100} aria-label="Загрузка фотографий" animated size="sm" />}
      {error && !error.fields.action && !error.fields.amount && !error.fields.text && (
        <Alert color="red" variant="light" p="sm">
          {error.message}
        </Alert>
      )}
      <Button onClick={() => void submit()} loading={progress !== null} style={{ alignSelf: 'flex-start' }}>
        Отправить ответ
      </Button>
    </Stack>
  );
}
