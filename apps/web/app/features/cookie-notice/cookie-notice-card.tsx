/**
 * The cookie notice card (spec §1): Russian text, a link to the privacy policy /conf.pdf and «Принять».
 * A chunk of its own, loaded by `CookieNotice` only for visitors who have not accepted yet.
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
      p="md"
      withBorder
      style={{ position: 'fixed', zIndex: 150, left: 12, right: 12, bottom: 12, maxWidth: 560, marginInline: 'auto' }}
    >
      <Group gap="md" wrap="nowrap" align="center" style={{ flexWrap: 'wrap' }}>
        <Text fz="sm" style={{ flex: '1 1 260px' }}>
          Мы используем файлы cookie, чтобы сайт работал и запоминал вашу корзину. Продолжая пользоваться сайтом, вы
          соглашаетесь с{' '}
          <Anchor href="/conf.pdf" target="_blank" rel="noopener" c="ink.9" underline="always">
            политикой обработки персональных данных
          </Anchor>
          .
        </Text>
        <Button onClick={accept} style={{ flex: '0 0 auto' }}>
          Принять
        </Button>
      </Group>
    </Paper>
  );
}
