/**
 * Site header (sticky): word mark, catalog menu by type, search with suggestions, favorites, cart with
 * a count, the account control and «Продать». On phones: a burger drawer for the catalog and the search
 * box on a second row.
 */
import { Box, Burger, Group } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountMenu } from '../features/auth';
import { CartButton } from '../features/cart';
import { CatalogDrawer, CatalogMenuDesktop, type CatalogMenuData } from '../features/catalog';
import { SearchBox } from '../features/search';
import { LazyPart } from '../shared/lib/lazy';
import { LightButton, LightIconButton } from '../shared/ui/light-button';
import { WordMark } from '../shared/ui/word-mark';

export function Header({ menu }: { menu: CatalogMenuData }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const toggleDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen((o) => !o);
  };
  return (
    <header
      style={{ borderBottom: '1px solid var(--vt-line)', background: '#fff', position: 'sticky', top: 0, zIndex: 200 }}
    >
      <a href="#main" className="vt-visually-hidden">
        К содержанию
      </a>
      <Group className="vt-container" h={64} gap="md" wrap="nowrap" justify="space-between">
        <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Burger
            hiddenFrom="md"
            opened={drawerOpen}
            onClick={toggleDrawer}
            onPointerEnter={() => void CatalogDrawer.preload()}
            size="sm"
            aria-label="Каталог"
          />
          <Link
            to="/"
            prefetch="intent"
            aria-label="Витрина — на главную"
            style={{ display: 'block', padding: '4px 0' }}
          >
            <WordMark height={26} />
          </Link>
        </Group>
        <Box visibleFrom="md" style={{ flexShrink: 0 }}>
          <CatalogMenuDesktop menu={menu} />
        </Box>
        <Box visibleFrom="sm" style={{ flex: 1, maxWidth: 420, minWidth: 160 }}>
          <SearchBox />
        </Box>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <LightIconButton to="/account/favorites" aria-label="Избранное">
            <IconHeart size={24} stroke={1.6} />
          </LightIconButton>
          <CartButton />
          <AccountMenu />
          <LightButton
            to="/account/sell-create"
            visibleFrom="md"
            style={{ marginLeft: 'calc(0.375rem * var(--mantine-scale))' }}
          >
            Продать
          </LightButton>
        </Group>
      </Group>
      <Box hiddenFrom="sm" className="vt-container" pb={10}>
        <SearchBox />
      </Box>
      {drawerUsed && (
        <LazyPart fallback={null}>
          <CatalogDrawer menu={menu} opened={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </LazyPart>
      )}
    </header>
  );
}
