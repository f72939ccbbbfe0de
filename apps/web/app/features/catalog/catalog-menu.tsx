/**
 * The catalog menu by type (Женщинам / Мужчинам / Детям) with their categories: on desktop a panel under
 * each type on hover (120 ms delay) or by its disclosure button, closed by Escape; on phones an accordion inside the
 * drawer (catalog-drawer.tsx, loaded on the first tap). The panels are rendered only while open, so pages
 * carry no hidden menu markup.
 */
import { LineIcon } from '../../shared/ui/line-icons';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ShopLink } from '../../shared/ui/shop-link';
import { TYPE_LABELS, TYPES } from './type-labels';
import classes from './catalog-menu.module.css';

export interface MenuCategory {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}
export type CatalogMenuData = Record<string, MenuCategory[]>;

type MenuSource = readonly { id: number; name: string; type: string; parent: number | null }[];

/** Menus already built, per categories array (the server's reference data is one cached object). */
const built = new WeakMap<MenuSource, CatalogMenuData>();

/**
 * Builds the menu from `/v1/product/chars/` categories: types → top categories → their children. Built once per
 * categories array (every page's layout asks for it).
 */
export function buildMenu(categories: MenuSource): CatalogMenuData {
  const known = built.get(categories);
  if (known) return known;
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
  built.set(categories, menu);
  return menu;
}

const DELAY_MS = 120;

/**
 * Desktop: type links, each with a categories panel shown on hover, or by its disclosure button (keyboard,
 * touch): Tab passes the closed panels by, so the links after the menu are a few presses away. Escape
 * closes the panel and gives the focus back to its button.
 */
export function CatalogMenuDesktop({ menu }: { menu: CatalogMenuData }) {
  const [open, setOpen] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const location = useLocation();
  const later = (next: string | null) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // A click on a link navigates: the panel closes.
  useEffect(() => setOpen(null), [location.pathname, location.search]);

  return (
    <nav aria-label="Каталог" style={{ display: 'flex', gap: 4, flexWrap: 'nowrap', alignItems: 'center' }}>
      {TYPES.map((t) => {
        const cats = menu[t] ?? [];
        const isOpen = open === t && cats.length > 0;
        const panelId = `catalog-menu-${t}`;
        return (
          <div
            key={t}
            className={classes.item}
            onMouseEnter={() => later(t)}
            onMouseLeave={() => later(null)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(null);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Escape' || !isOpen) return;
              setOpen(null);
              e.currentTarget.querySelector('button')?.focus();
            }}
          >
            <ShopLink to={`/catalog/${t}`} className={classes.typeLink} data-open={isOpen || undefined}>
              {TYPE_LABELS[t]}
            </ShopLink>
            {cats.length > 0 && (
              <button
                type="button"
                className={classes.toggle}
                aria-expanded={isOpen}
                aria-controls={isOpen ? panelId : undefined}
                aria-label={`Категории: ${TYPE_LABELS[t]}`}
                onClick={() => {
                  window.clearTimeout(timer.current);
                  setOpen(isOpen ? null : t);
                }}
              >
                <LineIcon name="chevronDown" size={14} />
              </button>
            )}
            {isOpen && (
              <div className={classes.panel} id={panelId}>
                {cats.map((p) => (
                  <div key={p.id} className={classes.column}>
                    <ShopLink
                      prefetch="none"
                      to={`/catalog/${t}?category=${p.id}`}
                      className={`${classes.link} ${classes.parent}`}
                    >
                      {p.name}
                    </ShopLink>
                    {p.children.slice(0, 10).map((c) => (
                      <ShopLink
                        prefetch="none"
                        key={c.id}
                        to={`/catalog/${t}?category=${c.id}`}
                        className={classes.link}
                      >
                        {c.name}
                      </ShopLink>
                    ))}
                  </div>
                ))}
              </div>
            )}
          </div>
        );
      })}
      <ShopLink to="/brands" className={classes.typeLink}>
        Бренды
      </ShopLink>
    </nav>
  );
}
