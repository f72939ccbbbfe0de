/**
 * The buyer's claim dialog («Сообщить о проблеме»): the reason, the text, up to five photos with upload progress;
 * field errors from the API under their fields.
 */
import { Alert, Button, Group, Modal, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CLAIM_REASONS, CLAIM_TEXT_MAX, type ClaimReason } from '@vitrina/contract/disputes';
import type { ApiErrorInfo } from '../../shared/api/client';
import { sendClaim } from './api';
import { appendPhotos, PhotoPicker } from './claim-photos';
import { claimChanged, closeClaimDialog } from './queries';

export function ClaimDialog({ orderId, opened }: { orderId: number; opened: boolean }) {
  const [reason, setReason] = useState<ClaimReason | ''>('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ApiErrorInfo | null>(null);

  const submit = async () => {
    if (!reason) {
      setError({ status: 400, message: 'Выберите, что случилось.', fields: { reason: ['Выберите, что случилось.'] } });
      return;
    }
    const form = new FormData();
    form.set('reason', reason);
    form.set('text', text);
    appendPhotos(form, files);
    setError(null);
    setProgress(0);
    const r = await sendClaim(orderId, form, setProgress);
    if (!r.ok) {
      setProgress(null);
      setError(r.error);
      return;
    }
    await claimChanged(orderId, r.data);
    setProgress(null);
    setFiles([]);
    setText('');
    closeClaimDialog();
  };

  return (
    <Modal opened={opened} onClose={closeClaimDialog} title="Сообщить о проблеме" size="lg" centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Мы остановим сделку: деньги не уйдут продавцу, пока спор не решён. Продавец ответит в течение 3 дней.
        </Text>
        <Radio.Group
          label="Что случилось"
          value={reason}
          onChange={(v) => setReason(v as ClaimReason)}
          error={error?.fields.reason?.[0]}
          required
        >
          <Stack gap={6} mt={6}>
            {CLAIM_REASONS.map((r) => (
              <Radio key={r.value} value={r.value} label={r.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Опишите проблему"
          placeholder="Например: на рукаве пятно, в описании его не было"
          autosize
          minRows={3}
          maxLength={CLAIM_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error?.fields.text?.[0]}
        />
        <PhotoPicker files={files} onChange={setFiles} />
        {error?.fields.photos && (
          <Text fz="sm" c="red.8">
            {error.fields.photos[0]}
          </Text>
        )}
        {progress !== null && <Progress value={progress * 100} aria-label="Загрузка фотографий" animated size="sm" />}
        {error && !error.fields.reason && !error.fields.text && !error.fields.photos && (
          <Alert color="red" variant="light" p="sm">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={closeClaimDialog}>
            Отмена
          </Button>
          <Button onClick={() => void submit()} loading={progress !== null}>
            Отправить претензию
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
