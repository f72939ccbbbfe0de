/**
 * The cookie notice (spec §1): Russian text, a link to the privacy policy /conf.pdf and «Принять».
 * Rendered in the browser only (after mount), so visitors who accepted never see it flash.
 */
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useCookieConsent } from './store';

export function CookieNotice() {
  const mounted = useMounted();
  const accepted = useCookieConsent((s) => s.accepted);
  const accept = useCookieConsent((s) => s.accept);
  if (!mounted || accepted) return null;
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
