/**
 * Checkout's payment block: saved cards (`GET /v1/self/cards/`) or «Новая карта» — the number is then
 * entered on the bank's page, never on Vitrina; with a new card, «Сохранить карту» (off until ticked) keeps it for the
 * next purchases and payouts.
 */
import { Box, Checkbox, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import type { Card } from '@vitrina/contract/orders';
import { cardExpiry, cardTitle } from './api';

export interface CardPickerProps {
  /** null while loading; on a load error pass [] (a new card still works). */
  cards: Card[] | null;
  /** Selected card id, or 'new'. */
  value: number | 'new';
  onChange: (v: number | 'new') => void;
  /** Whether a new card is to be kept («Сохранить карту»). */
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
}

export function CardPicker({ cards, value, onChange, saveCard, onSaveCardChange }: CardPickerProps) {
  if (cards === null)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={56} radius="md" />
      </Stack>
    );
  return (
    <Radio.Group
      value={String(value)}
      onChange={(v) => onChange(v === 'new' ? 'new' : Number(v))}
      aria-label="Способ оплаты"
    >
      <Stack gap="xs">
        {cards.map((c) => (
          <Radio.Card key={c.id} value={String(c.id)} radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <IconCreditCard size={20} aria-hidden />
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} fz="sm">
                  {c.name ? `${c.name} · ` : ''}
                  {cardTitle(c)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {cardExpiry(c)}
                  {c.is_default ? ' · основная' : ''}
                </Text>
              </Box>
            </Group>
          </Radio.Card>
        ))}
        <Radio.Card value="new" radius="md" p="sm">
          <Group wrap="nowrap" gap="sm">
            <Radio.Indicator />
            <IconLock size={20} aria-hidden />
            <Box>
              <Text fw={600} fz="sm">
                Новая карта
              </Text>
              <Text fz="xs" c="dimmed">
                Данные карты вы введёте на защищённой странице банка
              </Text>
            </Box>
          </Group>
        </Radio.Card>
        {value === 'new' && (
          <Checkbox
            label="Сохранить карту"
            description="Для следующих покупок и выплат за проданные вещи. Номер карты хранит только банк."
            checked={saveCard}
            onChange={(e) => onSaveCardChange(e.currentTarget.checked)}
            ml={4}
          />
        )}
      </Stack>
    </Radio.Group>
  );
}
