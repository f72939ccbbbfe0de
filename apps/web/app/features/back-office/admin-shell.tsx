/**
 * The back office's frame (`/admin/…`): its sections beside the screen at 1440 px, a scrolling strip of them above
 * it on a phone. Rendered in the browser only: the server (and anyone before the user is known) gets a neutral
 * skeleton with no hint of what is there; a guest or anyone but staff gets the 404 page. Each screen still meets the
 * API's own 401/403 (a role withdrawn a moment ago).
 */
import { Box, Group, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { NotFound } from '../../shared/ui/not-found';
import { useAuth } from '../auth';
import { ADMIN_SECTIONS } from './nav';
import classes from './admin-shell.module.css';

const shell = (
  <Stack gap="md" aria-busy="true" aria-label="Загрузка">
    <Skeleton h={36} w={240} />
    <Skeleton h={160} />
    <Skeleton h={160} />
  </Stack>
);

/** The frame around a back-office screen (`children`). */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const { pathname } = useLocation();
  if (status === 'signed-out' || (status === 'signed-in' && user && !user.is_staff)) return <NotFound />;
  const ready = status === 'signed-in' && user?.is_staff;
  return (
    <Box className="vt-container" py={{ base: 'md', sm: 'xl' }}>
      {ready && (
        <ScrollArea type="never" className={classes.strip} mb="md">
          <Group gap={6} wrap="nowrap" component="nav" aria-label="Разделы кабинета сотрудника">
            {ADMIN_SECTIONS.map((s) => (
              <RouterNavLink key={s.to} to={s.to} className={classes.chip}>
                {s.label}
              </RouterNavLink>
            ))}
          </Group>
        </ScrollArea>
      )}
      <Group align="flex-start" gap={32} wrap="nowrap">
        {ready && (
          <Box component="nav" aria-label="Кабинет сотрудника" className={classes.sidebar}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={6}>
              Кабинет сотрудника
            </Text>
            {ADMIN_SECTIONS.map((s) => (
              <NavLink
                key={s.to}
                component={RouterNavLink}
                to={s.to}
                label={s.label}
                leftSection={<s.Icon size={18} stroke={1.6} />}
                active={pathname === s.to || pathname.startsWith(`${s.to}/`)}
                variant="light"
              />
            ))}
          </Box>
        )}
        <Box className={classes.main}>{ready ? children : shell}</Box>
      </Group>
    </Box>
  );
}

/** `/admin`: the sections as a list to choose from. */
export function AdminHome() {
  return (
    <Stack gap="sm">
      <Text component="h1" fz={{ base: 28, sm: 36 }} fw={700} m={0}>
        Кабинет сотрудника
      </Text>
      <Text c="dimmed">Выберите раздел.</Text>
      <Stack gap={4} maw={420}>
        {ADMIN_SECTIONS.map((s) => (
          <NavLink key={s.to} component={RouterNavLink} to={s.to} label={s.label} leftSection={<s.Icon size={18} />} />
        ))}
      </Stack>
    </Stack>
  );
}
