/**
 * The phone catalog drawer (a chunk of its own, loaded on the first tap of the burger): an accordion per
 * catalog type with its categories, then Бренды, Избранное and «Продать».
 */
import { Accordion, Button, Divider, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useOpenAfterMount } from '../../shared/lib/lazy';
import type { CatalogMenuData } from './catalog-menu';
import { TYPE_LABELS, TYPES } from './type-labels';

export default function CatalogDrawer({
  menu,
  opened,
  onClose,
}: {
  menu: CatalogMenuData;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={useOpenAfterMount(opened)}
      onClose={onClose}
      title="Каталог"
      size="85%"
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <CatalogMenuMobile menu={menu} onNavigate={onClose} />
      <Stack gap={14} mt="lg" px={16}>
        <UnstyledButton component={Link} to="/brands" onClick={onClose} fw={600}>
          Бренды
        </UnstyledButton>
        <UnstyledButton component={Link} to="/account/favorites" onClick={onClose} fw={600}>
          Избранное
        </UnstyledButton>
        <Divider />
        <Button component={Link} to="/account/sell-create" onClick={onClose} fullWidth>
          Продать
        </Button>
      </Stack>
    </Drawer>
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
                      // At least 24 px tall (WCAG 2.5.8): the rows are 8 px apart.
                      mih={32}
                      style={{ display: 'flex', alignItems: 'center' }}
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
