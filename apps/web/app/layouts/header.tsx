/**
 * Site header (sticky): word mark, catalog menu by type, search with suggestions, favorites, cart with
 * a count, the account control and «Продать». On phones: a burger drawer for the catalog and the search
 * box on a second row.
 */
import { ActionIcon, Box, Burger, Button, Divider, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountMenu } from '../features/auth/account-menu';
import { CartButton } from '../features/cart/cart-button';
import { CatalogMenuDesktop, CatalogMenuMobile, type CatalogMenuData } from '../features/catalog/catalog-menu';
import { SearchBox } from '../features/search/search-box';
import { WordMark } from '../shared/ui/word-mark';

export function Header({ menu }: { menu: CatalogMenuData }) {
  const [drawerOpen, drawer] = useDisclosure(false);
  return (
    <header
      style={{ borderBottom: '1px solid var(--vt-line)', background: '#fff', position: 'sticky', top: 0, zIndex: 200 }}
    >
      <a href="#main" className="vt-visually-hidden">
        К содержанию
      </a>
      <Group className="vt-container" h={64} gap="md" wrap="nowrap" justify="space-between">
        <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Burger hiddenFrom="md" opened={drawerOpen} onClick={drawer.toggle} size="sm" aria-label="Каталог" />
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
          <ActionIcon
            component={Link}
            to="/account/favorites"
            prefetch="intent"
            variant="subtle"
            color="ink.9"
            size={40}
            aria-label="Избранное"
          >
            <IconHeart size={24} stroke={1.6} />
          </ActionIcon>
          <CartButton />
          <AccountMenu />
          <Button component={Link} to="/account/sell-create" prefetch="intent" visibleFrom="md" ml={6}>
            Продать
          </Button>
        </Group>
      </Group>
      <Box hiddenFrom="sm" className="vt-container" pb={10}>
        <SearchBox />
      </Box>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title="Каталог"
        size="85%"
        styles={{ title: { fontWeight: 700, fontSize: 18 } }}
      >
        <CatalogMenuMobile menu={menu} onNavigate={drawer.close} />
        <Stack gap={14} mt="lg" px={16}>
          <UnstyledButton component={Link} to="/brands" onClick={drawer.close} fw={600}>
            Бренды
          </UnstyledButton>
          <UnstyledButton component={Link} to="/account/favorites" onClick={drawer.close} fw={600}>
            Избранное
          </UnstyledButton>
          <Divider />
          <Button component={Link} to="/account/sell-create" onClick={drawer.close} fullWidth>
            Продать
          </Button>
        </Stack>
      </Drawer>
    </header>
  );
}
