/**
 * Page links under a list (Mantine Pagination rendering React Router links, Russian labels), for the
 * catalog listings and the seller's page. Listings load it as a chunk of its own: rendered on the
 * server, hydrated when its code has arrived — the links work as plain links before.
 */
import { Group, Pagination } from '@mantine/core';
import { Link, type To } from 'react-router';

export interface PageLinksProps {
  /** The current page (1-based). */
  page: number;
  totalPages: number;
  /** Where page `n` is. */
  link: (n: number) => To;
}

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
} as const;

export default function PageLinks({ page, totalPages, link }: PageLinksProps) {
  return (
    <Group justify="center" mt={40}>
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        siblings={1}
        boundaries={1}
        aria-label="Страницы"
        getItemProps={(n) => ({ component: Link, to: link(n), 'aria-label': `Страница ${n}` })}
        getControlProps={(control) => {
          const target = { first: 1, previous: page - 1, next: page + 1, last: totalPages }[control];
          const label = CONTROL_LABELS[control];
          return target >= 1 && target <= totalPages
            ? { component: Link, to: link(target), 'aria-label': label }
            : { 'aria-label': label };
        }}
      />
    </Group>
  );
}
