/** Screen `account` (/account, spec §2): the profile, saved delivery points and payment cards. */
import { Stack } from '@mantine/core';
import { ProfilePage } from '../features/auth';
import { DeliveryPointsManager } from '../features/delivery';
import { CardsManager } from '../features/cards';

export function meta() {
  return [{ title: 'Профиль — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <Stack gap="xl">
      <ProfilePage />
      <DeliveryPointsManager />
      <CardsManager />
    </Stack>
  );
}
