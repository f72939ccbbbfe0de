/**
 * Renders its children only for a signed-in user (buying screens load their data in the browser with
 * the token). These are not account pages: a guest is asked to sign in over the page and sees it
 * once signed in; closing the dialog goes to the cart, which is kept. Until the user is known a skeleton.
 */
import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSignInHere } from '../auth';

export function SignedInOnly({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { user } = useSignInHere('/cart');
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
