/**
 * «Уведомления» on the profile page: for each type, whether it comes on the site and — for what
 * can't wait — by SMS. Each switch saves at once (`PUT /v1/notifications/settings/`), shows the new state
 * right away and goes back with a message if the server refused.
 */
import { Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate } from '@vitrina/contract/notifications';
import { errorMessage, queryClient, typedQuery, unwrap } from '../../shared/api/query';
import { apiClient } from '../../shared/api/typed';
import { showNotification } from '../../shared/lib/notify';

const KEY = ['notifications', 'settings'] as const;
type Change = NotificationSettingsUpdate['settings'][number];

function useSettings() {
  return useQuery({ queryKey: KEY, queryFn: typedQuery('/v1/notifications/settings/') }, queryClient);
}

function useSaveSetting() {
  return useMutation(
    {
      mutationFn: async (change: Change) =>
        unwrap(await apiClient.PUT('/v1/notifications/settings/', { body: { settings: [change] } })),
      onMutate: async (change) => {
        await queryClient.cancelQueries({ queryKey: KEY });
        const before = queryClient.getQueryData<NotificationSettings>(KEY);
        queryClient.setQueryData<NotificationSettings>(
          KEY,
          (s) =>
            s && {
              settings: s.settings.map((x) =>
                x.type === change.type
                  ? { ...x, site: change.site ?? x.site, sms: x.sms === null ? null : (change.sms ?? x.sms) }
                  : x,
              ),
            },
        );
        return { before };
      },
      onSuccess: (data) => {
        queryClient.setQueryData(KEY, data);
        showNotification({ message: 'Настройки уведомлений сохранены', color: 'green', autoClose: 2500 });
      },
      onError: (err, _change, ctx) => {
        if (ctx?.before) queryClient.setQueryData(KEY, ctx.before);
        showNotification({
          color: 'red',
          title: 'Не удалось сохранить',
          message: errorMessage(err, 'Попробуйте ещё раз.'),
        });
      },
    },
    queryClient,
  );
}

export default function NotificationSettingsPanel() {
  const settings = useSettings();
  const save = useSaveSetting();

  let body;
  if (settings.isPending) {
    body = (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Загружаем настройки">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={24} />
        ))}
      </Stack>
    );
  } else if (settings.isError) {
    body = (
      <Stack gap="sm" align="flex-start" role="alert">
        <Text>Не удалось загрузить настройки. {errorMessage(settings.error)}</Text>
        <Button variant="default" onClick={() => void settings.refetch()}>
          Повторить
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap={0}>
        {settings.data.settings.map((s) => (
          <Group
            key={s.type}
            justify="space-between"
            align="center"
            wrap="wrap"
            gap="sm"
            py={12}
            style={{ borderTop: '1px solid var(--vt-line)' }}
            data-testid="notification-setting"
          >
            <Text fz={15} style={{ flex: '1 1 240px' }}>
              {s.label}
            </Text>
            <Group gap="lg" wrap="nowrap">
              <Switch
                label="На сайте"
                aria-label={`${s.label}: на сайте`}
                checked={s.site}
                onChange={(e) => save.mutate({ type: s.type, site: e.currentTarget.checked })}
                size="md"
                color="ink.9"
              />
              {s.sms !== null && (
                <Switch
                  label="SMS"
                  aria-label={`${s.label}: по SMS`}
                  checked={s.sms}
                  onChange={(e) => save.mutate({ type: s.type, sms: e.currentTarget.checked })}
                  size="md"
                  color="ink.9"
                />
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      id="notification-settings"
      component="section"
      aria-labelledby="notification-settings-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz={22} id="notification-settings-title">
            Уведомления
          </Title>
          <Text c="ink.6" mt={4}>
            Что присылать на сайте и по SMS. По SMS — только то, что не ждёт, и не больше трёх сообщений в день.
          </Text>
        </div>
        {body}
      </Stack>
    </Paper>
  );
}
