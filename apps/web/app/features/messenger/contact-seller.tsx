/**
 * The product page's «Написать продавцу» and «Предложить цену» (not for the seller's own listing): a guest signs in
 * first and goes straight on; the conversation opens at `/account/messenger?chat=<id>`, an offer after it is sent.
 */
import { Button, Group } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showNotification } from '../../shared/lib/notify';
import { requireAuth, useAuth } from '../auth';
import { makeOffer, openChat } from './api';
import { OfferDialog, type OfferSize } from './offer-dialog';

export default function ContactSeller({
  productId,
  sellerId,
  sizes,
  size,
  onSale,
}: {
  productId: number;
  sellerId: number;
  /** Sizes in stock with their prices (rubles). */
  sizes: OfferSize[];
  /** The size chosen on the page. */
  size: string | null;
  onSale: boolean;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [offering, setOffering] = useState(false);
  if (user?.id === sellerId) return null;

  const write = () =>
    requireAuth(async (me) => {
      if (me.id === sellerId) return;
      setBusy(true);
      const res = await openChat({ product: productId });
      setBusy(false);
      if (!res.ok) {
        showNotification({ color: 'red', message: res.error.message });
        return;
      }
      void navigate(`/account/messenger?chat=${res.data.id}`);
    });

  const submit = async (price: number, chosen: string) => {
    const chat = await openChat({ product: productId });
    if (!chat.ok) return chat.error.message;
    const res = await makeOffer(chat.data.id, { price, size: chosen });
    if (!res.ok) return res.error.message;
    setOffering(false);
    void navigate(`/account/messenger?chat=${chat.data.id}`);
    return null;
  };

  return (
    <>
      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconMessage2 size={18} stroke={1.6} />}
          onClick={write}
          loading={busy}
          data-testid="write-seller"
        >
          Написать продавцу
        </Button>
        {onSale && sizes.length > 0 && (
          <Button
            variant="light"
            color="coral"
            onClick={() =>
              requireAuth((me) => {
                if (me.id !== sellerId) setOffering(true);
              })
            }
            data-testid="offer-price"
          >
            Предложить цену
          </Button>
        )}
      </Group>
      {offering && (
        <OfferDialog opened onClose={() => setOffering(false)} sizes={sizes} initialSize={size} submit={submit} />
      )}
    </>
  );
}
