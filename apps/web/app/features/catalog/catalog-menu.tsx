/**
 * The catalog menu by type (Женщинам / Мужчинам / Детям) with their categories: hover/focus panels on
 * desktop, an accordion inside the phone drawer.
 */
import { Accordion, Anchor, Group, HoverCard, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { TYPE_LABELS, TYPES } from './type-labels';

export interface MenuCategory {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}
export type CatalogMenuData = Record<string, MenuCategory[]>;

/** Builds the menu from `/v1/product/chars/` categories. */
export function buildMenu(
  categories: { id: number; name: string; type: string; parent: number | null }[],
): CatalogMenuData {
  const menu: CatalogMenuData = {};
  for (const t of TYPES) {
    menu[t] = categories
      .filter((c) => c.type === t && c.parent === null)
      .map((p) => ({
        id: p.id,
        name: p.name,
        children: categories.filter((c) => c.parent === p.id).map((c) => ({ id: c.id, name: c.name })),
      }));
  }
  return menu;
}

const linkStyle = { color: 'var(--vt-ink)' };

/** Desktop: type links with a categories panel on hover or keyboard focus. */
export function CatalogMenuDesktop({ menu }: { menu: CatalogMenuData }) {
  return (
    <Group gap={4} component="nav" aria-label="Каталог" wrap="nowrap">
      {TYPES.map((t) => (
        <HoverCard
          key={t}
          openDelay={120}
          closeDelay={120}
          position="bottom-start"
          shadow="md"
          radius="md"
          width={640}
          withinPortal
        >
          <HoverCard.Target>
            <Anchor
              component={Link}
              to={`/catalog/${t}`}
              prefetch="intent"
              fw={600}
              fz="sm"
              px={10}
              py={8}
              underline="hover"
              style={linkStyle}
            >
              {TYPE_LABELS[t]}
            </Anchor>
          </HoverCard.Target>
          {(menu[t]?.length ?? 0) > 0 && (
            <HoverCard.Dropdown p="lg">
              <SimpleGrid cols={4} spacing="lg">
                {menu[t]!.map((p) => (
                  <Stack key={p.id} gap={6}>
                    <Anchor component={Link} to={`/catalog/${t}?category=${p.id}`} fw={700} fz="sm" style={linkStyle}>
                      {p.name}
                    </Anchor>
                    {p.children.slice(0, 10).map((c) => (
                      <Anchor
                        key={c.id}
                        component={Link}
                        to={`/catalog/${t}?category=${c.id}`}
                        fz="sm"
                        style={linkStyle}
                      >
                        {c.name}
                      </Anchor>
                    ))}
                  </Stack>
                ))}
              </SimpleGrid>
            </HoverCard.Dropdown>
          )}
        </HoverCard>
      ))}
      <Anchor
        component={Link}
        to="/brands"
        prefetch="intent"
        fw={600}
        fz="sm"
        px={10}
        py={8}
        underline="hover"
        style={linkStyle}
      >
        Бренды
      </Anchor>
    </Group>
  );
}

/** Phone drawer: an accordion per type. */
export function CatalogMenuMobile({ menu, onNavigate }: { menu: CatalogMenuData; onNavigate: () => void }) {
  return (
    <Accordion variant="default" chevronPosition="right">
      {TYPES.map((t) => (
        <Accordion.Item key={t} value={t}>
          <Accordion.Control>
            <Text fw={700}>{TYPE_LABELS[t]}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={10}>
              <UnstyledButton component={Link} to={`/catalog/${t}`} onClick={onNavigate} fw={600}>
                Все товары
              </UnstyledButton>
              {(menu[t] ?? []).map((p) => (
                <Stack key={p.id} gap={8}>
                  <UnstyledButton component={Link} to={`/catalog/${t}?category=${p.id}`} onClick={onNavigate} fw={600}>
                    {p.name}
                  </UnstyledButton>
                  {p.children.map((c) => (
                    <UnstyledButton
                      key={c.id}
                      component={Link}
                      to={`/catalog/${t}?category=${c.id}`}
                      onClick={onNavigate}
                      pl="md"
                      fz="sm"
                    >
                      {c.name}
                    </UnstyledButton>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
