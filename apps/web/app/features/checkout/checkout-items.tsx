/** The seller's items on the checkout page: photo, brand, title, size, count, price. */
import { Anchor, Box, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../../shared/lib/price';
import type { CartItem } from '../cart';

export function CheckoutItems({ items }: { items: CartItem[] }) {
  return (
    <Stack gap="md">
      {items.map((it) => (
        <Group key={`${it.slug}|${it.size}`} wrap="nowrap" align="flex-start" gap="md" data-testid="checkout-item">
          <Box
            w={72}
            style={{
              flexShrink: 0,
              aspectRatio: '4 / 5',
              background: 'var(--vt-mist)',
              borderRadius: 6,
              overflow: 'hidden',
            }}
          >
            {it.photo && <Image src={it.photo} alt="" w="100%" h="100%" fit="cover" />}
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            {it.brand && (
              <Text fz="xs" fw={600} tt="uppercase" lts={0.5}>
                {it.brand}
              </Text>
            )}
            <Anchor component={Link} to={`/product/${it.slug}`} c="ink.9" fz="sm" lineClamp={2}>
              {it.title ?? it.slug}
            </Anchor>
            <Text fz="sm" c="dimmed" mt={2}>
              Размер {it.size || '—'} · {it.count} шт.
            </Text>
          </Box>
          <Text className="vt-price" fz="sm">
            {formatPrice(it.price * it.count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
