/**
 * Site header (sticky): word mark, catalog menu by type, search with suggestions, favorites, cart with
 * a count, the account control and «Продать». On phones: a burger drawer for the catalog and the search
 * box on a second row. One search box for every width; Tab follows what the eye sees: the word mark, the
 * catalog menu (desktop), the search, the icons.
 */
import { LineIcon } from '../shared/ui/line-icons';
import { useState } from 'react';
import { ShopLink } from '../shared/ui/shop-link';
import { AccountMenu } from '../features/auth';
import { CartButton } from '../features/cart';
import { MessagesHeaderLink, MessagesMenuItem } from '../features/messenger';
import { CatalogDrawer, CatalogMenuDesktop, type CatalogMenuData } from '../features/catalog';
import { SearchBox } from '../features/search';
import { LazyPart } from '../shared/lib/lazy';
import { LightButton, LightIconButton } from '../shared/ui/light-button';
import { LightBurger } from '../shared/ui/light-marks';
import { WordMark } from '../shared/ui/word-mark';
import classes from './header.module.css';

/** The messenger's parts of the signed-in header: the icon with the unread total and the avatar menu's item. */
const ACCOUNT_EXTRAS = { header: <MessagesHeaderLink />, menu: <MessagesMenuItem /> };

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
      <a href="#main" className="vt-skip-link">
        К содержанию
      </a>
      {/* DOM order is the visual order: word mark, catalog menu (desktop), search, icons. */}
      <div className={`vt-container ${classes.bar}`}>
        <div className={classes.brand}>
          <LightBurger
            opened={drawerOpen}
            onClick={toggleDrawer}
            onPointerEnter={() => void CatalogDrawer.preload()}
            label="Каталог"
            // A 44 px touch target (a main action on phones), the 18 px lines in its middle.
            style={{ width: 44, height: 44, padding: '21px 13px', marginLeft: -13 }}
          />
          <ShopLink to="/" aria-label="Витрина — на главную" style={{ display: 'block', padding: '4px 0' }}>
            <WordMark height={26} />
          </ShopLink>
        </div>
        <div className={`${classes.menu} mantine-visible-from-md`}>
          <CatalogMenuDesktop menu={menu} />
        </div>
        <div className={classes.search}>
          <SearchBox />
        </div>
        <div className={classes.actions}>
          <LightIconButton to="/account/favorites" aria-label="Избранное">
            <LineIcon name="heart" stroke={1.6} />
          </LightIconButton>
          <CartButton />
          <AccountMenu extras={ACCOUNT_EXTRAS} />
          <LightButton
            to="/account/sell-create"
            visibleFrom="md"
            style={{ marginLeft: 'calc(0.375rem * var(--mantine-scale))' }}
          >
            Продать
          </LightButton>
        </div>
      </div>
      {drawerUsed && (
        // No placeholder: the drawer is Mantine's fixed overlay in a portal, so its arrival moves nothing on the page
        // (checked at 360 and 1440 px with its chunk held back: the header and the page keep their boxes).
        <LazyPart fallback={null}>
          <CatalogDrawer menu={menu} opened={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </LazyPart>
      )}
    </header>
  );
}
