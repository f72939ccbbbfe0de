/** The profile's edit form: name, city, about and the avatar (preview, checks, upload progress). */
import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCamera, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuthStore } from './store';
import { type SelfUser } from './types';
import { checkImageFile } from '../../shared/lib/image-check';
import { uploadProfile } from './upload-profile';
import { UserAvatar } from './user-avatar';

/** Field limits, the same as the API's. */
const LIMITS = { first_name: 50, last_name: 50, city: 100, about: 1000 } as const;
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** Edits the signed-in user; `onDone` after saving or «Отмена». */
export function ProfileForm({ user, onDone }: { user: SelfUser; onDone: () => void }) {
  const [values, setValues] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    city: user.city,
    about: user.about,
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = async (f: File | null) => {
    if (!f) return;
    const problem = f.size > AVATAR_MAX_BYTES ? 'Файл больше 10 МБ. Выберите фото поменьше.' : await checkImageFile(f);
    if (problem) {
      setErrors((e) => ({ ...e, avatar: problem }));
      return;
    }
    setErrors(({ avatar: _drop, ...rest }) => rest);
    setFile(f);
    setRemoveAvatar(false);
  };

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    const labels = { first_name: 'Имя', last_name: 'Фамилия', city: 'Город', about: 'О себе' } as const;
    for (const k of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      if (values[k].trim().length > LIMITS[k]) local[k] = `${labels[k]}: не более ${LIMITS[k]} символов.`;
    }
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
    if (file) form.append('avatar', file, file.name);
    else if (removeAvatar) form.append('avatar', '');
    setSaving(true);
    setFormError(null);
    setProgress(file ? 0 : null);
    const res = await uploadProfile(form, (p) => setProgress(p));
    setSaving(false);
    setProgress(null);
    if (!res.ok) {
      const fieldErrors: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.error.fields)) if (v[0]) fieldErrors[k] = v[0];
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length || res.error.status >= 500 || res.error.status === 0)
        setFormError(res.error.message);
      return;
    }
    useAuthStore.getState().setUser(res.data);
    notifications.show({ message: 'Профиль сохранён', color: 'green' });
    onDone();
  };

  const shownAvatar = removeAvatar ? null : user.avatar;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Редактирование профиля"
    >
      <Stack gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          {preview ? (
            <img
              src={preview}
              alt="Новое фото профиля"
              width={96}
              height={96}
              style={{ borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }}
              // HEIC cannot be shown by most browsers: keep the file, show the usual avatar until it is saved.
              onError={() => setPreview(null)}
            />
          ) : (
            <UserAvatar user={{ ...user, avatar: shownAvatar }} size={96} />
          )}
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <FileButton onChange={(f) => void pick(f)} accept={AVATAR_ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconCamera size={18} stroke={1.6} />}
                    disabled={saving}
                  >
                    {shownAvatar || file ? 'Заменить фото' : 'Выбрать фото'}
                  </Button>
                )}
              </FileButton>
              {(shownAvatar || file) && (
                <Button
                  variant="subtle"
                  color="ink"
                  leftSection={<IconTrash size={18} stroke={1.6} />}
                  disabled={saving}
                  onClick={() => {
                    setFile(null);
                    setRemoveAvatar(Boolean(user.avatar));
                  }}
                >
                  Удалить
                </Button>
              )}
            </Group>
            <Text size="xs" c="ink.6">
              JPEG, PNG, WebP или HEIC до 10 МБ, от 200 пикселей по короткой стороне.
            </Text>
            {errors.avatar && (
              <Text size="sm" c="red.8" role="alert">
                {errors.avatar}
              </Text>
            )}
          </Stack>
        </Group>
        {progress !== null && (
          <Box>
            <Text size="sm" mb={4}>
              {progress >= 100 ? 'Обрабатываем фото…' : `Загружаем фото… ${progress}%`}
            </Text>
            <Progress value={progress} aria-label="Загрузка фото" color="ink" animated={progress < 100} />
          </Box>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Имя"
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={(e) => set('first_name')(e.currentTarget.value)}
            error={errors.first_name}
            maxLength={LIMITS.first_name}
          />
          <TextInput
            label="Фамилия"
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={(e) => set('last_name')(e.currentTarget.value)}
            error={errors.last_name}
            maxLength={LIMITS.last_name}
          />
        </SimpleGrid>
        <TextInput
          label="Город"
          name="city"
          autoComplete="address-level2"
          value={values.city}
          onChange={(e) => set('city')(e.currentTarget.value)}
          error={errors.city}
          maxLength={LIMITS.city}
        />
        <Textarea
          label="О себе"
          name="about"
          description={`${values.about.length} из ${LIMITS.about}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={values.about}
          onChange={(e) => set('about')(e.currentTarget.value)}
          error={errors.about}
          maxLength={LIMITS.about}
          autosize
          minRows={3}
          maxRows={8}
        />
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            Сохранить
          </Button>
          <Button variant="default" onClick={onDone} disabled={saving}>
            Отмена
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
