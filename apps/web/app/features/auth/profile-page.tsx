/**
 * `/account` (spec §2): the profile — view and edit name, city, about and the avatar (preview, upload
 * progress) — and «Устройства», where the user is signed in. Rendered by the account layout only for a signed-in
 * user.
 */
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../shared/lib/dates';
import { displayPhone } from './phone-mask';
import { useAuthStore } from './store';
import { userDisplayName, type SelfUser } from './types';
import { ProfileForm } from './profile-form';
import { UserAvatar } from './user-avatar';
import { DevicesSection } from './devices-section';

export function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Профиль
      </Title>
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <ProfileView user={user} onEdit={() => setEditing(true)} />
      )}
      <DevicesSection />
    </Stack>
  );
}

function ProfileView({ user, onEdit }: { user: SelfUser; onEdit: () => void }) {
  const named = Boolean(user.first_name || user.last_name);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          <UserAvatar user={user} size={96} />
          <Box style={{ minWidth: 0 }}>
            <Title order={2} fz={22} data-testid="profile-name">
              {named ? userDisplayName(user) : 'Без имени'}
            </Title>
            <Text c="ink.6" style={{ whiteSpace: 'nowrap' }}>
              {displayPhone(user.phone)}
            </Text>
            {user.city && (
              <Group gap={4} c="ink.6" mt={2} wrap="nowrap">
                <IconMapPin size={16} stroke={1.6} aria-hidden />
                <Text size="sm" c="ink.6" truncate data-testid="profile-city">
                  {user.city}
                </Text>
              </Group>
            )}
          </Box>
        </Group>
        {user.about ? (
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="profile-about">
            {user.about}
          </Text>
        ) : (
          <Text c="ink.6">
            {named
              ? 'Расскажите о себе: покупателям проще доверять продавцу с живым профилем.'
              : 'Добавьте имя и фото — так покупателям и продавцам проще вам доверять.'}
          </Text>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="ink.6">
            На Витрине с {formatDate(user.date_joined)}
          </Text>
          <Button variant="default" leftSection={<IconPencil size={18} stroke={1.6} />} onClick={onEdit}>
            Редактировать профиль
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
