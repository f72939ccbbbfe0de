/**
 * «Удалить аккаунт» on the profile page (152-ФЗ): what goes and what stays, then a dialog that sends
 * an SMS code to the account's phone (`POST /v1/users/me/delete/send-code/`) and asks for it (`POST
 * /v1/users/me/delete/`). Open orders are explained in the dialog (the API's 409 names them). On success the
 * person is signed out and lands on the home page with a toast.
 */
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { DeleteCodeSent } from '@vitrina/contract/account';
import { deleteAccount, sendDeleteCode } from './auth-api';
import { formatCountdown } from './phone-mask';
import { useSecondsLeft } from './seconds-left';
import { CodeInput } from './code-input';
import { useAuthStore } from './store';

export function DeleteAccountSection() {
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="delete-title">
      <Stack gap="sm">
        <Title order={2} fz={22} id="delete-title">
          Удалить аккаунт
        </Title>
        <Text size="sm" c="ink.6">
          Мы удалим ваши имя, телефон, фото, город и «о себе», пункты выдачи, сохранённые карты, подписки, избранное и
          уведомления, а ваши объявления снимем с продажи. Заказы останутся для бухгалтерии, но без ваших данных — в них
          будет «Удалённый пользователь». Вернуть аккаунт нельзя; с тем же номером можно будет зарегистрироваться
          заново.
        </Text>
        <Text size="sm" c="ink.6">
          Если у вас есть незавершённые покупки или продажи, сначала завершите их.
        </Text>
        <Group>
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={18} stroke={1.6} />}
            onClick={() => setOpened(true)}
          >
            Удалить аккаунт
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Удалить аккаунт?"
        centered
        styles={{ title: { fontWeight: 700, fontSize: 18 } }}
      >
        {opened && <DeleteFlow onCancel={() => setOpened(false)} />}
      </Modal>
    </Paper>
  );
}

function DeleteFlow({ onCancel }: { onCancel: () => void }) {
  const [sent, setSent] = useState<DeleteCodeSent | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const secondsLeft = useSecondsLeft(resendAt);

  const sendCode = async () => {
    setSending(true);
    setError(null);
    const res = await sendDeleteCode();
    setSending(false);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    setSent(res.data);
    setCode('');
    setResendAt(Date.now() + res.data.retry_after * 1000);
  };

  const confirm = async (value: string) => {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    const res = await deleteAccount(value);
    setDeleting(false);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    // Every token of the account is gone: forget ours and leave the account for the home page.
    useAuthStore.setState({ token: null, user: null, status: 'signed-out', loadError: null, exited: true });
    notifications.show({ color: 'green', message: 'Аккаунт удалён. Спасибо, что были с нами.' });
  };

  const problem = error && (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
    </Alert>
  );

  if (!sent) {
    return (
      <Stack gap="md">
        <Text size="sm">
          Данные профиля, карты, пункты выдачи, подписки и избранное будут удалены, объявления сняты с продажи. Это
          нельзя отменить. Для подтверждения пришлём код по SMS на номер аккаунта.
        </Text>
        {problem}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
          <Button color="red" onClick={() => void sendCode()} loading={sending} data-autofocus>
            Получить код
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Код отправлен на <b style={{ whiteSpace: 'nowrap' }}>{sent.phone}</b>. Введите его, чтобы удалить аккаунт
        навсегда.
      </Text>
      <Stack gap={6}>
        <Text component="label" htmlFor="vt-delete-code-1" fw={500} size="sm">
          Код из SMS
        </Text>
        <CodeInput
          id="vt-delete-code"
          length={sent.code_length}
          size="md"
          gap="xs"
          value={code}
          onChange={(v) => {
            setCode(v);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          disabled={deleting}
        />
      </Stack>
      {problem}
      {secondsLeft > 0 ? (
        <Text size="sm" c="ink.6" style={{ fontVariantNumeric: 'tabular-nums' }}>
          Отправить код повторно через {formatCountdown(secondsLeft)}
        </Text>
      ) : (
        <Button variant="subtle" color="ink" onClick={() => void sendCode()} loading={sending} w="fit-content" px={0}>
          Отправить код повторно
        </Button>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Отмена
        </Button>
        <Button
          color="red"
          loading={deleting}
          disabled={code.length < sent.code_length}
          onClick={() => void confirm(code)}
        >
          Удалить навсегда
        </Button>
      </Group>
    </Stack>
  );
}
