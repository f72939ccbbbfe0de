/**
 * The cookie notice card (spec §1; 152-ФЗ practice): a short Russian text with a link to the privacy policy
 * /conf.pdf, «Отклонить» and «Принять» side by side (store.ts: what each allows). A chunk of its own, loaded by
 * `CookieNotice` only for visitors who have not answered. Small on purpose — a page's largest paint must be its own
 * content, never this card. On phones it sits just under the sticky header: at the bottom it covered the product's
 * title and price (the page's buying bar holds the bottom); from 48em it floats at the bottom. Plain markup and the
 * shop's light buttons (cookie-notice.module.css), no Mantine component code: it loads on every first visit.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { LightButton } from '../../shared/ui/light-button';
import { useCookieConsent } from './store';
import classes from './cookie-notice.module.css';

export default function CookieNoticeCard() {
  const accept = useCookieConsent((s) => s.accept);
  const decline = useCookieConsent((s) => s.decline);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // The header's bottom edge (it is sticky, so the same while scrolling), read before the card is painted.
  const [headerBottom, setHeaderBottom] = useState(0);
  useLayoutEffect(() => {
    setHeaderBottom(document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
  }, []);
  const place: CSSProperties = phone
    ? { top: headerBottom + 8 }
    : { bottom: 'calc(12px + var(--vt-bottom-bar, 0px))', maxWidth: 560 };
  return (
    <div role="region" aria-label="Уведомление о файлах cookie" className={classes.card} style={place}>
      <div className={classes.row}>
        <p className={classes.text}>
          Cookie нужны для корзины и входа, статистика — по согласию.{' '}
          <a href="/conf.pdf" target="_blank" rel="noopener" className={classes.link}>
            Политика данных
          </a>
        </p>
        <div className={classes.actions}>
          <LightButton size="compact-sm" variant="default" onClick={decline}>
            Отклонить
          </LightButton>
          <LightButton size="compact-sm" onClick={accept}>
            Принять
          </LightButton>
        </div>
      </div>
    </div>
  );
}
