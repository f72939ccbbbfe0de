/** Checkout totals: goods (with plural), delivery «Бесплатно», total and the «Оплатить» button. */
import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';

export interface OrderSummaryProps {
  count: number;
  total: number;
  loading: boolean;
  disabled?: boolean;
  onPay: () => void;
  children?: ReactNode;
}

export function OrderSummary({ count, total, loading, disabled, onPay, children }: OrderSummaryProps) {
  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--vt-line)' }}>
      <Stack gap="sm">
        <Text fw={700} fz="lg">
          Ваш заказ
        </Text>
        <Group justify="space-between">
          <Text fz="sm">Товары ({countLabel(count, WORDS.product)})</Text>
          <Text className="vt-price" fz="sm" fw={500}>
            {formatPrice(total)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fz="sm">Доставка</Text>
          <Text fz="sm" fw={600} c="#2F7D32">
            Бесплатно
          </Text>
        </Group>
        <Divider color="var(--vt-line)" />
        <Group justify="space-between">
          <Text fw={700}>Итого</Text>
          <Text className="vt-price" fz="xl" data-testid="checkout-total">
            {formatPrice(total)}
          </Text>
        </Group>
        {children}
        <Button
          size="md"
          fullWidth
          onClick={onPay}
          loading={loading}
          disabled={disabled}
          leftSection={<IconLock size={16} aria-hidden />}
        >
          Оплатить
        </Button>
        <Text fz="xs" c="dimmed" ta="center">
          Вы перейдёте на защищённую страницу банка. Деньги спишутся только после подтверждения.
        </Text>
      </Stack>
    </Paper>
  );
}
