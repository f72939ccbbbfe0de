/**
 * «Пункты выдачи» in the account: the user's delivery points (`self.info.delivery_points`), add one from
 * the directory, rename (`PUT /v1/delivery_points/{id}/`), delete with a confirmation — after a successful
 * delete the local list is filtered (spec §4). The list lives in the shared query cache (checkout reads it too).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { deliveryServiceLabel, type DeliveryPoint, type DeliveryServiceType } from '@vitrina/contract/orders';
import { errorMessage } from '../../shared/api/query';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { PickupPointDialog } from './pickup-point-dialog';
import { useDeleteDeliveryPoint, useDeliveryPoints, useUpdateDeliveryPoint } from './queries';

export function DeliveryPointsManager() {
  const { data: points, error, isFetching, refetch } = useDeliveryPoints();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<DeliveryPoint | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<DeliveryPoint | null>(null);
  const update = useUpdateDeliveryPoint();
  const del = useDeleteDeliveryPoint();
  const busy = update.isPending || del.isPending;

  const rename = (e: React.FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const trimmed = name.trim();
    if (!trimmed) return;
    const input = {
      name: trimmed,
      address: renaming.address,
      point_id: renaming.point_id,
      delivery_service_type: renaming.delivery_service_type as DeliveryServiceType,
    };
    update.mutate(
      { id: renaming.id, input },
      {
        onSuccess: () => setRenaming(null),
        onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }),
      },
    );
  };

  const remove = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ message: 'Пункт выдачи удалён', color: 'green' });
      },
      onError: (err) => notifications.show({ title: 'Пункт не удалён', message: errorMessage(err), color: 'red' }),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--vt-line)' }}
      component="section"
      aria-labelledby="points-title"
    >
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} fz={22} id="points-title">
          Пункты выдачи
        </Title>
        <Button
          variant="outline"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          Добавить пункт выдачи
        </Button>
      </Group>
      {error && !isFetching ? (
        <Alert color="red" title="Не удалось загрузить пункты выдачи">
          <Text fz="sm">{errorMessage(error)}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : points === undefined ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : points.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Пунктов выдачи пока нет. Добавьте ближайший — его можно будет выбрать при оформлении заказа.
        </Text>
      ) : (
        <Stack gap="xs">
          {points.map((p) => (
            <Group
              key={p.id}
              wrap="nowrap"
              gap="sm"
              p="sm"
              align="flex-start"
              style={{ border: '1px solid var(--vt-line)', borderRadius: 8 }}
              data-testid="saved-point"
            >
              <IconMapPin size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Badge size="sm" variant="light" color="ink" radius="sm" tt="none">
                    {deliveryServiceLabel(p.delivery_service_type)}
                  </Badge>
                  <Text fw={600} fz="sm">
                    {p.name}
                  </Text>
                </Group>
                <Text fz="sm" mt={2}>
                  {p.address}
                </Text>
              </Box>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="ink" aria-label={`Действия с пунктом «${p.name}»`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    onClick={() => {
                      setName(p.name);
                      setRenaming(p);
                    }}
                  >
                    Переименовать
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => setDeleting(p)}>
                    Удалить
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ))}
        </Stack>
      )}
      <PickupPointDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          notifications.show({ message: 'Пункт выдачи добавлен', color: 'green' });
        }}
      />
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Название пункта"
        centered
        styles={{ title: { fontWeight: 700 } }}
      >
        <form onSubmit={rename}>
          <TextInput
            label={renaming?.address}
            placeholder="Например, У дома"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
            data-autofocus
          />
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" onClick={() => setRenaming(null)}>
              Отмена
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              Сохранить
            </Button>
          </Group>
        </form>
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Удалить пункт выдачи?"
        confirmLabel="Удалить"
        danger
        loading={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `${deliveryServiceLabel(deleting.delivery_service_type)}, ${deleting.address}` : ''}
      </ConfirmDialog>
    </Paper>
  );
}
