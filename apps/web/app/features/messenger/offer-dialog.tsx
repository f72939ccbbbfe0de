/**
 * «Предложить цену»: the size (when there are several) and the price, with the rule said before sending (below the
 * size's price, at least 70 % of it); the server's refusal shown in the dialog.
 */
import { Button, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { OFFER_MIN_PERCENT } from '@vitrina/contract/chats';
import { useState } from 'react';
import { formatPrice } from '../../shared/lib/price';

/** A size on offer: its name and price (rubles). */
export interface OfferSize {
  size: string;
  price: number;
}

export function OfferDialog({
  opened,
  onClose,
  sizes,
  initialSize,
  submit,
}: {
  opened: boolean;
  onClose: () => void;
  sizes: OfferSize[];
  initialSize?: string | null;
  /** Sends the offer; resolves to the error message, or null once sent. */
  submit: (price: number, size: string) => Promise<string | null>;
}) {
  const [size, setSize] = useState(initialSize ?? sizes[0]?.size ?? '');
  const [price, setPrice] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = sizes.find((s) => s.size === size) ?? sizes[0];
  const min = chosen ? Math.ceil((chosen.price * OFFER_MIN_PERCENT) / 100) : 0;

  const send = async () => {
    if (!chosen) return;
    const value = Number(price);
    if (!value || value >= chosen.price || value < min) {
      setError(`Цена — от ${formatPrice(min)} до ${formatPrice(chosen.price - 1)}.`);
      return;
    }
    setBusy(true);
    setError(null);
    const failed = await submit(value, chosen.size);
    setBusy(false);
    if (failed) setError(failed);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Предложить цену" centered radius="lg">
      <Stack gap="sm">
        {sizes.length > 1 && (
          <SegmentedControl
            value={chosen?.size ?? ''}
            onChange={setSize}
            data={sizes.map((s) => ({ value: s.size, label: s.size }))}
            aria-label="Размер"
          />
        )}
        {chosen && (
          <Text fz="sm" c="dimmed">
            Цена в объявлении — {formatPrice(chosen.price)}. Можно предложить от {formatPrice(min)}: продавец примет,
            отклонит или предложит свою цену в течение 24 часов.
          </Text>
        )}
        <NumberInput
          label="Ваша цена, ₽"
          value={price}
          onChange={setPrice}
          min={1}
          thousandSeparator=" "
          allowDecimal={false}
          error={error}
          data-autofocus
          onKeyDown={(e) => {
            if (e.key === 'Enter') void send();
          }}
        />
        <Button onClick={() => void send()} loading={busy} color="coral.6">
          Отправить предложение
        </Button>
      </Stack>
    </Modal>
  );
}
