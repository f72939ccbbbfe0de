/**
 * «Устройства» on the profile page: where the user is signed in — the browser and system, when the
 * device signed in and was last used — with «Выйти на этом устройстве» for each other device and «Выйти везде».
 */
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import type { Session } from '@vitrina/contract/auth';
import { errorMessage } from '../../shared/api/query';
import { formatDateTime, formatRelative } from '../../shared/lib/dates';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useLogoutAll, useRevokeSession, useSessions } from './sessions-queries';

const isMobile = (device: string) => /Android|iOS/.test(device);

export function DevicesSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const logoutAll = useLogoutAll();
  const [asking, setAsking] = useState<Session | 'all' | null>(null);

  const confirm = async () => {
    if (asking === null) return;
    try {
      if (asking === 'all') {
        await logoutAll.mutateAsync();
        notifications.show({ message: 'Вы вышли на всех устройствах' });
      } else {
        await revoke.mutateAsync(asking.id);
        notifications.show({ message: `Вы вышли на устройстве «${asking.device}»` });
      }
      setAsking(null);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Не удалось выйти. Попробуйте ещё раз.') });
    }
  };

  const list = sessions.data?.results ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="devices-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz={22} id="devices-title">
            Устройства
          </Title>
          {list.length > 0 && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconLogout size={18} stroke={1.6} />}
              onClick={() => setAsking('all')}
            >
              Выйти везде
            </Button>
          )}
        </Group>
        <Text size="sm" c="ink.6">
          Здесь вы вошли в Витрину. Незнакомое устройство — выйдите на нём; вход без использования 90 дней прекращается
          сам.
        </Text>
        {sessions.isPending && <Loader size="sm" aria-label="Загружаем устройства" />}
        {sessions.isError && (
          <Alert color="red" variant="light">
            {errorMessage(sessions.error, 'Не удалось загрузить устройства.')}
          </Alert>
        )}
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="devices">
          {list.map((s) => {
            const Icon = isMobile(s.device) ? IconDeviceMobile : IconDeviceDesktop;
            return (
              <Group
                key={s.id}
                component="li"
                justify="space-between"
                align="center"
                gap="sm"
                py="sm"
                wrap="wrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Icon size={28} stroke={1.4} aria-hidden style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={8} wrap="wrap">
                      <Text fw={600}>{s.device}</Text>
                      {s.current && (
                        <Badge variant="light" color="green" size="sm">
                          Это устройство
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="ink.6">
                      Вход {formatDateTime(s.created_at)}
                      {!s.current && ` · заходили ${formatRelative(s.last_used_at)}`}
                    </Text>
                  </div>
                </Group>
                {!s.current && (
                  <Button variant="subtle" color="red" size="compact-md" onClick={() => setAsking(s)}>
                    Выйти на этом устройстве
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'all' ? 'Выйти на всех устройствах?' : 'Выйти на этом устройстве?'}
        confirmLabel={asking === 'all' ? 'Выйти везде' : 'Выйти'}
        danger
        loading={revoke.isPending || logoutAll.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      >
        {asking === 'all'
          ? 'Вы выйдете из Витрины везде, и здесь тоже. Чтобы вернуться, войдите снова по коду из SMS.'
          : asking
            ? `На устройстве «${asking.device}» придётся снова войти по коду из SMS.`
            : ''}
      </ConfirmDialog>
    </Paper>
  );
}
