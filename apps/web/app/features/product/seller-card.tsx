/** The seller card on a product page, linking to /seller/{id} (loaded as a chunk of its own). */
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { SellerCard as Seller } from '@vitrina/contract/catalog';
import { Link } from 'react-router';
import { formatSince } from '../../shared/lib/dates';
import { countLabel, WORDS } from '../../shared/lib/plural';

export default function SellerCard({ seller }: { seller: Seller }) {
  return (
    <Paper
      component={Link}
      to={`/seller/${seller.id}`}
      prefetch="intent"
      withBorder
      radius="md"
      p="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
    >
      <Group gap="md" wrap="nowrap">
        <Avatar src={seller.avatar?.url_small} alt="" size={48} radius="xl" color="ink">
          {seller.name.slice(0, 1)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {/* The link's name is its text (WCAG 2.5.3), with the word a screen reader needs first. */}
            <span className="vt-visually-hidden">Продавец </span>
            {seller.name}
          </Text>
          <Text fz="sm" c="dimmed">
            {[seller.city, `на Витрине с ${formatSince(seller.date_joined)}`].filter(Boolean).join(' · ')}
          </Text>
          <Text fz="sm" c="dimmed">
            {countLabel(seller.products_count, WORDS.product)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
