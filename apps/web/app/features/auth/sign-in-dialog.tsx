/**
 * The sign-in dialog (spec §1, §4): phone with the `+7 (___) ___-__-__` mask → «Получить код» → the code
 * from the SMS (digit boxes, `autocomplete="one-time-code"`, paste and autofill work, submits when complete)
 * with a resend countdown. Mounted once (by `<AccountMenu />`); opened with `openSignIn(redirectTo?)`.
 */
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMessage2 } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useOpenAfterMount } from '../../shared/lib/lazy';
import { sendCode, verifyCode } from './auth-api';
import { formatCountdown, formatPhone, nextPhoneDigits, PHONE_MASK } from './phone-mask';
import { useSecondsLeft } from './seconds-left';
import { CodeInput } from './code-input';
import { closeSignIn, useSignInDialog } from './sign-in-state';
import { useAuthStore } from './store';

export function SignInDialog() {
  const opened = useOpenAfterMount(useSignInDialog((s) => s.opened));
  return (
    <Modal
      opened={opened}
      onClose={closeSignIn}
      title="Вход"
      centered
      zIndex={1000}
      size={420}
      radius="lg"
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 22 } }}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      {opened && <SignInFlow />}
    </Modal>
  );
}

function SignInFlow() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [digits, setDigits] = useState('');
  const [focused, setFocused] = useState(false);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // A new key remounts the code boxes: cleared, focused, and able to submit on completion again.
  const [pinKey, setPinKey] = useState(0);
  const [codeLength, setCodeLength] = useState(6);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const verifyingRef = useRef(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useSecondsLeft(resendAt);
  const phone = `+7${digits}`;

  const requestCode = async (): Promise<boolean> => {
    setSending(true);
    const res = await sendCode(phone);
    setSending(false);
    if (res.ok) {
      setCodeLength(res.data.code_length || 6);
      setResendAt(Date.now() + (res.data.retry_after || 60) * 1000);
      setInfo(null);
      return true;
    }
    const err = res.error;
    if (err.status === 429 && err.retryAfter && step === 'phone' && /^Код для входа уже отправлен/.test(err.message)) {
      // A code was sent to this number a moment ago: it is still good, go on to it.
      setResendAt(Date.now() + err.retryAfter * 1000);
      setInfo('Код уже отправлен на этот номер — введите его.');
      return true;
    }
    if (step === 'phone') setPhoneError(err.fields.phone?.[0] ?? err.message);
    else setCodeError(err.message);
    if (err.retryAfter) setResendAt(Date.now() + err.retryAfter * 1000);
    return false;
  };

  const submitPhone = async (e: FormEvent) => {
    e.preventDefault();
    if (digits.length < 10) {
      setPhoneError(digits.length ? 'Введите номер полностью: 10 цифр после +7.' : 'Введите номер телефона.');
      return;
    }
    setPhoneError(null);
    if (await requestCode()) {
      setCode('');
      setCodeError(null);
      setStep('code');
    }
  };

  const submitCode = async (value: string) => {
    if (verifyingRef.current || value.length < codeLength) return;
    verifyingRef.current = true;
    setVerifying(true);
    setCodeError(null);
    const res = await verifyCode(phone, value);
    if (!res.ok) {
      verifyingRef.current = false;
      setVerifying(false);
      setCodeError(res.error.message);
      setCode('');
      setPinKey((k) => k + 1);
      return;
    }
    const loaded = await useAuthStore.getState().signIn(res.data.token);
    verifyingRef.current = false;
    setVerifying(false);
    if (!loaded) {
      setCodeError('Вы вошли, но профиль не загрузился. Обновите страницу.');
      return;
    }
    const { redirectTo } = useSignInDialog.getState();
    closeSignIn();
    notifications.show({ message: 'Вы вошли в Витрину', color: 'green' });
    if (redirectTo) void navigate(redirectTo, { replace: true });
  };

  const resend = async () => {
    setCodeError(null);
    setCode('');
    setPinKey((k) => k + 1);
    if (await requestCode()) {
      setInfo('Мы отправили новый код.');
      pinRef.current?.focus();
    }
  };

  const changeNumber = () => {
    setStep('phone');
    setCode('');
    setCodeError(null);
    setInfo(null);
  };

  if (step === 'phone') {
    const shown = formatPhone(digits) || (focused ? '+7 (' : '');
    return (
      <form onSubmit={(e) => void submitPhone(e)} noValidate>
        <Stack gap="md">
          <Text c="ink.6">
            Введите номер телефона — пришлём SMS с кодом для входа. Если вы у нас впервые, мы создадим профиль.
          </Text>
          <TextInput
            label="Номер телефона"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            name="phone"
            placeholder={PHONE_MASK}
            value={shown}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(e) => {
              setDigits(nextPhoneDigits(digits, e.currentTarget.value));
              setPhoneError(null);
            }}
            error={phoneError}
            size="md"
            data-autofocus
            styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: 0.3 } }}
          />
          <Button type="submit" size="md" fullWidth loading={sending}>
            Получить код
          </Button>
          <Text size="xs" c="ink.6">
            Нажимая «Получить код», вы соглашаетесь с{' '}
            <Anchor href="/conf.pdf" target="_blank" size="xs" c="ink.9" underline="always">
              политикой конфиденциальности
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Text>
          Код отправлен на <b style={{ whiteSpace: 'nowrap' }}>{formatPhone(digits)}</b>
        </Text>
        <Anchor component="button" type="button" onClick={changeNumber} size="sm" c="ink.9" underline="always">
          Изменить номер
        </Anchor>
      </div>
      {info && (
        <Alert variant="light" color="ink" icon={<IconMessage2 size={18} />} p="xs">
          {info}
        </Alert>
      )}
      <Stack gap={6}>
        <Text component="label" htmlFor="vt-sign-in-code-1" fw={500} size="sm">
          Код из SMS
        </Text>
        <CodeInput
          key={pinKey}
          id="vt-sign-in-code"
          ref={pinRef}
          length={codeLength}
          value={code}
          onChange={(v) => {
            setCode(v);
            if (codeError) setCodeError(null);
          }}
          onComplete={(v) => void submitCode(v)}
          error={Boolean(codeError)}
          disabled={verifying}
        />
        {codeError && (
          <Group gap={6} wrap="nowrap" c="red.8" role="alert" align="flex-start">
            <IconAlertCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="red.8">
              {codeError}
            </Text>
          </Group>
        )}
      </Stack>
      <Button
        size="md"
        fullWidth
        loading={verifying}
        disabled={code.length < codeLength}
        onClick={() => void submitCode(code)}
      >
        Войти
      </Button>
      {secondsLeft > 0 ? (
        <Text size="sm" c="ink.6" ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
          Отправить код повторно через {formatCountdown(secondsLeft)}
        </Text>
      ) : (
        <Button variant="subtle" color="ink" onClick={() => void resend()} loading={sending}>
          Отправить код повторно
        </Button>
      )}
    </Stack>
  );
}
