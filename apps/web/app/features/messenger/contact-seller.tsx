/**
 * The product page's «Написать продавцу» and «Предложить цену» (not for the seller's own listing): a guest signs in
 * first and goes straight on; the conversation opens at `/account/messenger?chat=<id>`, an offer after it is sent.
 *
 * Rendered at the page's start (on the server for every product page), so the buttons are the shop's light ones in
 * Mantine's Button look (shared/ui/light-button), side by side as Mantine's `<Group grow>` put them, and what only a
 * press needs comes later: the price dialog (Modal, NumberInput, the
 * chat rules' schemas) is a chunk downloaded on intent (pointer over, focus, touch) and shown on the press, and the
 * API calls are loaded on the press.
 */
import { useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { showNotification } from '../../shared/lib/notify';
import { LightButton } from '../../shared/ui/light-button';
import { LineIcon } from '../../shared/ui/line-icons';
import { requireAuth, useAuth } from '../auth';
import type { OfferDialog as Dialog, OfferSize } from './offer-dialog';
import classes from './contact-seller.module.css';

const OfferDialog = lazyWithReload<ComponentProps<typeof Dialog>>(() =>
  import('./offer-dialog').then((m) => ({ default: m.OfferDialog })),
);
/** The messenger's API calls, downloaded on intent and loaded on the press (a failed download there reloads the page: ClientGuards). */
const loadApi = () => import('./api');
const preloadApi = () => void loadApi().catch(() => undefined);
const preloadDialog = () => {
  preloadApi();
  void OfferDialog.preload();
};

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
      const { openChat } = await loadApi();
      const res = await openChat({ product: productId });
      setBusy(false);
      if (!res.ok) {
        showNotification({ color: 'red', message: res.error.message });
        return;
      }
      void navigate(`/account/messenger?chat=${res.data.id}`);
    });

  const submit = async (price: number, chosen: string) => {
    const { makeOffer, openChat } = await loadApi();
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
      <div className={classes.row}>
        <LightButton
          variant="default"
          leftSection={<LineIcon name="message2" size={18} stroke={1.6} />}
          onClick={write}
          onPointerEnter={preloadApi}
          onFocus={preloadApi}
          onTouchStart={preloadApi}
          loading={busy}
          data-testid="write-seller"
        >
          Написать продавцу
        </LightButton>
        {onSale && sizes.length > 0 && (
          <LightButton
            variant="lightCoral"
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            onTouchStart={preloadDialog}
            onClick={() =>
              requireAuth((me) => {
                if (me.id !== sellerId) setOffering(true);
              })
            }
            data-testid="offer-price"
          >
            Предложить цену
          </LightButton>
        )}
      </div>
      {offering && (
        <LazyPart>
          <OfferDialog opened onClose={() => setOffering(false)} sizes={sizes} initialSize={size} submit={submit} />
        </LazyPart>
      )}
    </>
  );
}
