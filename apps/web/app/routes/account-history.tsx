/** Screen `account-history` (spec §2): the buyer's orders with status filters and details. */
import { Stack, Title } from '@mantine/core';
import { PurchasesList } from '../features/orders';

export function meta() {
  return [{ title: 'История покупок — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        История покупок
      </Title>
      <PurchasesList />
    </Stack>
  );
}
