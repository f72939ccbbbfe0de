/**
 * The cookie notice card (spec §1; 152-ФЗ practice): a short Russian text with a link to the privacy policy
 * /conf.pdf, «Отклонить» and «Принять» side by side (store.ts: what each allows). A chunk of its own, loaded by
 * `CookieNotice` only for visitors who have not answered. Small on purpose — a page's largest paint must be its own
 * content, never this card. On phones it sits just under the sticky header: at the bottom it covered the product's
 * title and price (the page's buying bar holds the bottom); from 48em it floats at the bottom.
 */
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useCookieConsent } from './store';

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
    <Paper
      role="region"
      aria-label="Уведомление о файлах cookie"
      shadow="md"
      radius="md"
      px="sm"
      py={8}
      withBorder
      style={{ position: 'fixed', zIndex: 150, left: 8, right: 8, marginInline: 'auto', ...place }}
    >
      <Group gap={8} wrap="nowrap" align="center">
        <Text fz="xs" lh={1.3} style={{ flex: '1 1 auto' }}>
          Cookie нужны для корзины и входа, статистика — по согласию.{' '}
          <Anchor href="/conf.pdf" target="_blank" rel="noopener" c="ink.9" underline="always" inherit>
            Политика данных
          </Anchor>
        </Text>
        <Group gap={6} wrap="nowrap" style={{ flex: '0 0 auto' }}>
          <Button size="compact-sm" variant="default" onClick={decline}>
            Отклонить
          </Button>
          <Button size="compact-sm" onClick={accept}>
            Принять
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
