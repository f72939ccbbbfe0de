/**
 * Screen `account` (/account, spec §2): the profile, notification settings, saved delivery points and payment cards,
 * and last «Удалить аккаунт».
 */
import { Stack } from '@mantine/core';
import { DeleteAccountSection, ProfilePage } from '../features/auth';
import { DeliveryPointsManager } from '../features/delivery';
import { CardsManager } from '../features/cards';
import { NotificationSettingsSection } from '../features/notifications';

export function meta() {
  return [{ title: 'Профиль — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <Stack gap="xl">
      <ProfilePage />
      <NotificationSettingsSection />
      <DeliveryPointsManager />
      <CardsManager />
      <DeleteAccountSection />
    </Stack>
  );
}
