/**
 * The report dialog: the reason (one of the API's five), optional details, «Отправить». It answers in place:
 * «Жалоба отправлена, спасибо»; «Вы уже пожаловались…» when this person's earlier report on the object is still
 * open (one open report per person and object); the API's refusal in Russian otherwise. Loaded on the first press.
 */
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { REPORT_REASONS, REPORT_TEXT_MAX, reportReasonLabel, type ReportReason } from '@vitrina/contract/admin';
import { useState } from 'react';
import { useOpenAfterMount } from '../../shared/lib/lazy';
import { sendReport, type ReportOutcome, type ReportTarget } from './api';

/** Text of the refusal when this person's earlier report on the object is still open. */
const ALREADY: Record<ReportTarget['type'], string> = {
  product: 'Вы уже пожаловались на это объявление. Модераторы рассмотрят жалобу — повторно отправлять не нужно.',
  user: 'Вы уже пожаловались на этого продавца. Модераторы рассмотрят жалобу — повторно отправлять не нужно.',
};

export default function ReportDialog({
  opened,
  onClose,
  ...target
}: ReportTarget & { opened: boolean; onClose: () => void }) {
  const shown = useOpenAfterMount(opened);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const sent = outcome?.kind === 'sent';

  const close = () => {
    onClose();
    // A sent report starts a clean form next time; a refused one keeps what was written.
    if (sent) {
      setReason(null);
      setText('');
      setOutcome(null);
    }
  };

  const submit = async () => {
    if (!reason) {
      setReasonError(true);
      return;
    }
    setBusy(true);
    setOutcome(null);
    setOutcome(await sendReport(target, reason, text));
    setBusy(false);
  };

  return (
    <Modal
      opened={shown}
      onClose={close}
      title={target.type === 'product' ? 'Пожаловаться на объявление' : 'Пожаловаться на продавца'}
      centered
      radius="lg"
    >
      {sent ? (
        <Stack align="center" gap="sm" ta="center" py="sm" role="status">
          <ThemeIcon size={48} radius="xl" color="green" variant="light">
            <IconCheck size={28} stroke={2} aria-hidden />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            Жалоба отправлена, спасибо
          </Text>
          <Text c="dimmed" fz="sm">
            Модераторы Витрины проверят {target.type === 'product' ? 'объявление' : 'продавца'} и примут меры, если
            правила нарушены.
          </Text>
          <Button onClick={close} mt="xs" data-autofocus>
            Закрыть
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Radio.Group
              label="Что не так?"
              value={reason}
              onChange={(v) => {
                setReason(v as ReportReason);
                setReasonError(false);
              }}
              error={reasonError ? 'Выберите причину жалобы.' : undefined}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {REPORT_REASONS.map((r) => (
                  <Radio key={r} value={r} label={reportReasonLabel(r)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Подробности"
              description="Необязательно: что именно вызывает сомнения"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={REPORT_TEXT_MAX}
              autosize
              minRows={3}
              maxRows={8}
            />
            {outcome && (
              <Alert color={outcome.kind === 'already' ? 'yellow' : 'red'} variant="light" role="alert">
                {outcome.kind === 'already' ? ALREADY[target.type] : outcome.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Отмена
              </Button>
              <Button type="submit" color="red" loading={busy}>
                Отправить жалобу
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
