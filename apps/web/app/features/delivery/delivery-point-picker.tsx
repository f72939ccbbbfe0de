/**
 * Checkout's delivery block: the user's saved delivery points as radio cards, and «Добавить пункт выдачи»
 * (the directory dialog). A newly added point is selected at once.
 */
import { Alert, Badge, Box, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { deliveryServiceLabel, type DeliveryPoint } from '@vitrina/contract/orders';
import { PickupPointDialog } from './pickup-point-dialog';

export interface DeliveryPointPickerProps {
  /** null while loading. */
  points: DeliveryPoint[] | null;
  error?: string | null;
  onRetry?: () => void;
  value: number | null;
  onChange: (id: number) => void;
  /** A point was added in the dialog (already saved on the server). */
  onAdded: (point: DeliveryPoint) => void;
}

export function DeliveryPointPicker({ points, error, onRetry, value, onChange, onAdded }: DeliveryPointPickerProps) {
  const [open, setOpen] = useState(false);
  const add = (
    <Button variant="outline" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
      Добавить пункт выдачи
    </Button>
  );
  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" title="Не удалось загрузить ваши пункты выдачи">
          <Text fz="sm">{error}</Text>
          {onRetry && (
            <Button mt="sm" size="xs" variant="outline" onClick={onRetry}>
              Повторить
            </Button>
          )}
        </Alert>
      ) : points === null ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : points.length === 0 ? (
        <Group gap="sm" wrap="nowrap" p="md" style={{ background: 'var(--vt-mist)', borderRadius: 8 }}>
          <IconMapPin size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm">У вас пока нет пунктов выдачи. Добавьте ближайший — заказ приедет туда.</Text>
        </Group>
      ) : (
        <Radio.Group
          value={value === null ? null : String(value)}
          onChange={(v) => onChange(Number(v))}
          aria-label="Пункт выдачи"
        >
          <Stack gap="xs">
            {points.map((p) => (
              <Radio.Card key={p.id} value={String(p.id)} radius="md" p="sm" data-testid="delivery-point">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Box style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Badge variant="light" color="ink" radius="sm" size="sm" tt="none">
                        {deliveryServiceLabel(p.delivery_service_type)}
                      </Badge>
                      <Text fw={600} fz="sm">
                        {p.name}
                      </Text>
                    </Group>
                    <Text fz="sm" mt={4}>
                      {p.address}
                    </Text>
                  </Box>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Box>{add}</Box>
      <PickupPointDialog
        opened={open}
        onClose={() => setOpen(false)}
        onSaved={(p) => {
          onAdded(p);
          onChange(p.id);
        }}
      />
    </Stack>
  );
}
