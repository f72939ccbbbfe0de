/**
 * Screen `account-sell-create` (/account/sell-create, default layout — spec §2): list an item, or edit one
 * with `?edit=<id>`. Account-only: without a user the sign-in dialog opens and the visitor goes to `/`.
 */
import { Box, Skeleton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useRequireUser } from '../features/auth';
import { SellPage } from '../features/sell';

export function meta() {
  return [{ title: 'Продать вещь — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  const { status } = useRequireUser();
  const [params] = useSearchParams();
  const raw = params.get('edit');
  const editId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return (
    <Box className="vt-container" py={{ base: 'lg', sm: 'xl' }}>
      {status === 'signed-in' ? (
        <SellPage editId={editId} />
      ) : (
        <Stack gap="lg" maw={760} mx="auto" role="status" aria-busy="true" aria-label="Загрузка">
          <Skeleton h={40} w="60%" />
          <Skeleton h={180} radius="lg" />
          <Skeleton h={360} radius="lg" />
        </Stack>
      )}
    </Box>
  );
}
