/**
 * Renders its children only for a signed-in user (buying screens load their data in the browser with
 * the token). Without a user the auth guard opens the sign-in dialog and sends the person to `/` (spec §4);
 * after signing in they come back here. Until the user is known a skeleton is shown.
 */
import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRequireUser } from '../auth';

export function SignedInOnly({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { user } = useRequireUser();
  if (user) return <>{children}</>;
  return (
    fallback ?? (
      <Stack gap="md" py="xl" role="status" aria-busy="true" aria-label="Загрузка">
        <Skeleton h={36} w={280} />
        <Skeleton h={160} />
        <Skeleton h={120} />
      </Stack>
    )
  );
}
