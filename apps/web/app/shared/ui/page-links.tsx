/**
 * Page links under a list (the catalog listings and the seller's page): «‹ 1 2 3 4 5 … 1942 ›» as shop links
 * (shop-link.tsx: an anchor each, not React Router's `<Link>` with its five hooks) in a `<nav>` — the same pages as Mantine's Pagination (its `usePagination` hook: one sibling, one
 * boundary), without its components, which were a large part of a listing page's server render. Listings load it as
 * a chunk of its own; the links work before the page's code has arrived.
 */
import { usePagination } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ShopLink } from './shop-link';
import classes from './page-links.module.css';

export interface PageLinksProps {
  /** The current page (1-based). */
  page: number;
  totalPages: number;
  /** Where page `n` is: an absolute path with its query (`/catalog/women?page=3`). */
  link: (n: number) => string;
}

export default function PageLinks({ page, totalPages, link }: PageLinksProps) {
  const current = Math.min(Math.max(page, 1), totalPages);
  const { range } = usePagination({ total: totalPages, page: current, siblings: 1, boundaries: 1 });
  /** «‹» or «›»: a link to a neighbouring page. */
  const step = (target: number, label: string, icon: ReactNode) =>
    target >= 1 && target <= totalPages ? (
      <ShopLink to={link(target)} className={classes.control} aria-label={label}>
        {icon}
      </ShopLink>
    ) : (
      // At an end: shown dimmed to keep the row's shape, and hidden from screen readers (there is no such page).
      <span className={classes.control} data-disabled="true" aria-hidden="true">
        {icon}
      </span>
    );
  return (
    <nav aria-label="Страницы" className={classes.nav}>
      <ul className={classes.list}>
        <li>{step(current - 1, 'Предыдущая страница', <IconChevronLeft className={classes.chevron} aria-hidden />)}</li>
        {range.map((n, i) =>
          n === 'dots' ? (
            <li key={`dots-${i}`} className={classes.dots} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <ShopLink
                to={link(n)}
                className={classes.control}
                aria-label={`Страница ${n}`}
                aria-current={n === current ? 'page' : undefined}
              >
                {n}
              </ShopLink>
            </li>
          ),
        )}
        <li>{step(current + 1, 'Следующая страница', <IconChevronRight className={classes.chevron} aria-hidden />)}</li>
      </ul>
    </nav>
  );
}
