/**
 * Account layout (spec §2, §4): the account navigation beside the page and the account guard — without a
 * loaded user it opens the sign-in dialog and sends the person to `/` (they come back here after signing in).
 * Account pages render only for a signed-in user and load their data in the browser.
 */
import { Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { AccountNavStrip, AccountSidebar, ACCOUNT_NAV, useRequireUser } from '../features/auth';
import { EmptyState } from '../shared/ui/empty-state';

/** `[path, label]` of every account section (kept for other modules). */
export const ACCOUNT_SECTIONS: [string, string][] = ACCOUNT_NAV.map(([href, label]) => [href, label]);

export default function AccountLayout() {
  const { user, loadError, reload } = useRequireUser();
  return (
    <Box className="vt-container" py={{ base: 'md', sm: 'xl' }}>
      <AccountNavStrip />
      <Group align="flex-start" gap={40} wrap="nowrap">
        <AccountSidebar user={user} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {user ? (
            <Outlet />
          ) : loadError ? (
            <EmptyState
              icon={<IconWifiOff size={40} stroke={1.5} aria-hidden />}
              title="Не удалось загрузить профиль"
              text={loadError}
              action={<Button onClick={() => void reload()}>Повторить</Button>}
            />
          ) : (
            <Stack gap="md" role="status" aria-busy="true" aria-label="Загрузка">
              <Skeleton height={32} width={220} />
              <Skeleton height={18} width="60%" />
              <Skeleton height={180} />
            </Stack>
          )}
        </Box>
      </Group>
    </Box>
  );
}
