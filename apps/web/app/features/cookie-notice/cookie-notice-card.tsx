/**
 * The cookie notice card (spec §1): Russian text, a link to the privacy policy /conf.pdf and «Принять».
 * A chunk of its own, loaded by `CookieNotice` only for visitors who have not accepted yet. Kept small (short
 * text in the small size): a page's largest paint must be its own content, never this card.
 */
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useCookieConsent } from './store';

export default function CookieNoticeCard() {
  const accept = useCookieConsent((s) => s.accept);
  return (
    <Paper
      role="region"
      aria-label="Уведомление о файлах cookie"
      shadow="md"
      radius="md"
      px="sm"
      py="xs"
      withBorder
      style={{
        position: 'fixed',
        zIndex: 150,
        left: 12,
        right: 12,
        bottom: 'calc(12px + var(--vt-bottom-bar, 0px))',
        maxWidth: 480,
        marginInline: 'auto',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Text fz="xs" lh={1.4} style={{ flex: '1 1 auto' }}>
          Мы используем файлы cookie, чтобы сайт работал и запоминал корзину. Оставаясь на сайте, вы соглашаетесь с{' '}
          <Anchor href="/conf.pdf" target="_blank" rel="noopener" c="ink.9" underline="always" inherit>
            политикой обработки персональных данных
          </Anchor>
          .
        </Text>
        <Button size="sm" onClick={accept} style={{ flex: '0 0 auto' }}>
          Принять
        </Button>
      </Group>
    </Paper>
  );
}
