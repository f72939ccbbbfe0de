/**
 * «Мои товары и продажи» (screen account-sales): tabs by status with counts (`/v1/product_statuses/`),
 * the caller's listings 12 per page (`/v1/product_owner/`, owner-status-list.tsx), each with its actions —
 * edit, to drafts, publish, delete after a confirmation — and the «Продажи» tab with the seller's orders.
 * The tab and page live in the URL (`?status=draft&page=2`).
 */
import { Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { SellerOrders } from '../orders';
import { RARE_TABS, StatusList, TAB_LABELS, TABS } from './owner-status-list';
import { useProductStatuses } from './queries';

export function OwnerListings() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'active';
  // `?order=42` (a notice's link) is one of the seller's orders: the «Продажи» tab shows it.
  const tab = params.has('order')
    ? 'orders'
    : raw === 'orders' || (TABS as readonly string[]).includes(raw)
      ? raw
      : 'active';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statuses = useProductStatuses().data ?? null;

  const go = (status: string, p = 1) => {
    const next = new URLSearchParams();
    next.set('status', status);
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Мои товары и продажи
        </Title>
        <Button component={Link} to="/account/sell-create" leftSection={<IconPlus size={18} />}>
          Продать вещь
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && go(v)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((s) => {
            const st = statuses?.find((x) => x.value === s);
            // Listings waiting for a check or blocked by staff: their tabs show while there are such.
            if (RARE_TABS.includes(s) && !st?.count && tab !== s) return null;
            return (
              <Tabs.Tab
                key={s}
                value={s}
                style={{ flex: 'none' }}
                rightSection={
                  st ? (
                    <Badge variant="light" color="ink" size="sm" style={{ flex: 'none', overflow: 'visible' }}>
                      {st.count}
                    </Badge>
                  ) : null
                }
              >
                {st?.label ?? TAB_LABELS[s]}
              </Tabs.Tab>
            );
          })}
          <Tabs.Tab value="orders" style={{ flex: 'none' }}>
            Продажи
          </Tabs.Tab>
        </Tabs.List>
        {TABS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="lg">
            <StatusList status={s} page={page} onPage={(p) => go(s, p)} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="orders" pt="lg">
          <SellerOrders />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
