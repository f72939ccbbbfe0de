/**
 * What the seller sees on their own product page instead of «В корзину» (spec §4: the owner manages a
 * listing, nobody buys from themselves): the price, «Это ваш товар», «Редактировать» and «Мои товары».
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ProductDetail } from '@vitrina/contract/catalog';
import { Link } from 'react-router';
import { formatPrice } from '../../shared/lib/price';

/** The owner's panel (a chunk of its own on the product page: only a listing's seller ever sees it). */
export default function OwnerPanel({ product }: { product: Omit<ProductDetail, 'similar' | 'view_count'> }) {
  const prices = product.offers.map((o) => o.price);
  const min = prices.length ? Math.min(...prices) : product.price;
  const same = prices.every((p) => p === min);
  return (
    <Stack gap="md">
      <Text fz={28} className="vt-price" data-testid="product-price">
        {same ? formatPrice(min) : `от ${formatPrice(min)}`}
      </Text>
      <Paper withBorder radius="md" p="md" bg="ink.0">
        <Stack gap="sm">
          <div>
            <Text fw={600}>Это ваш товар</Text>
            <Text fz="sm" c="ink.6">
              Так его видят покупатели. Изменить описание, фото и цены можно в редакторе.
            </Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to={`/account/sell-create?edit=${product.id}`}
              leftSection={<IconPencil size={16} />}
            >
              Редактировать
            </Button>
            <Button component={Link} to="/account/sales" variant="default">
              Мои товары
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
