/**
 * «Как вас представить покупателям?»: a seller without a name in their profile is asked for it
 * before their listing goes on sale — buyers see the name on the product page and in their orders. Saves
 * through `PUT /v1/self/change/` (spec §7, multipart `first_name`, `last_name`), updates the signed-in user
 * and then lets the caller go on with what was pressed.
 */
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAuthStore } from './store';
import type { SelfUser } from './types';
import { uploadProfile } from './upload-profile';

/** The profile API's limit for each part of the name (users/service.ts `PROFILE_LIMITS`). */
const NAME_MAX = 50;

/** Whether the user has no name yet (buyers would see a phone-like placeholder instead). */
export const lacksName = (user: Pick<SelfUser, 'first_name'> | null) => !!user && !user.first_name.trim();

/**
 * @param opened whether the dialog is shown
 * @param actionLabel the button's words, e.g. «Сохранить и опубликовать»
 * @param onSaved the name is saved (the dialog closes; go on)
 * @param onClose closed without saving
 */
export function NamePrompt({
  opened,
  actionLabel,
  onSaved,
  onClose,
}: {
  opened: boolean;
  actionLabel: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Как вас представить покупателям?"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      styles={{ title: { fontWeight: 700, fontSize: 20 } }}
    >
      {opened && <NameForm actionLabel={actionLabel} onSaved={onSaved} />}
    </Modal>
  );
}

function NameForm({ actionLabel, onSaved }: { actionLabel: string; onSaved: () => void }) {
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!first.trim()) {
      setErrors({ first_name: 'Введите имя — его увидят покупатели.' });
      return;
    }
    const form = new FormData();
    form.append('first_name', first.trim());
    form.append('last_name', last.trim());
    setSaving(true);
    setFormError(null);
    const res = await uploadProfile(form, () => undefined);
    setSaving(false);
    if (!res.ok) {
      const fieldErrors: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.error.fields)) if (v[0]) fieldErrors[k] = v[0];
      setErrors(fieldErrors);
      if (!fieldErrors.first_name && !fieldErrors.last_name) setFormError(res.error.message);
      return;
    }
    useAuthStore.getState().setUser(res.data);
    onSaved();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text c="ink.6" fz="sm">
          Имя увидят покупатели на странице товара и в заказах. Поменять его можно в профиле.
        </Text>
        <TextInput
          label="Имя"
          name="first_name"
          autoComplete="given-name"
          value={first}
          onChange={(e) => {
            setFirst(e.currentTarget.value);
            setErrors(({ first_name: _drop, ...rest }) => rest);
          }}
          error={errors.first_name}
          maxLength={NAME_MAX}
          data-autofocus
        />
        <TextInput
          label="Фамилия"
          description="Необязательно"
          name="last_name"
          autoComplete="family-name"
          value={last}
          onChange={(e) => {
            setLast(e.currentTarget.value);
            setErrors(({ last_name: _drop, ...rest }) => rest);
          }}
          error={errors.last_name}
          maxLength={NAME_MAX}
        />
        {formError && (
          <Alert color="red" role="alert" p="xs">
            {formError}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={saving}>
          {actionLabel}
        </Button>
      </Stack>
    </form>
  );
}
