/**
 * Mantine's Pagination for lists inside a page (the seller's orders and listings, purchases, followers): its «‹»
 * and «›» are icon-only buttons, so each gets its Russian name («Предыдущая страница», «Следующая страница»), and
 * every page button says which page it is.
 */
import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
} as const;

export function ListPagination(props: Omit<PaginationProps, 'getControlProps' | 'getItemProps'>) {
  return (
    <Pagination
      {...props}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      getItemProps={(page) => ({ 'aria-label': `Страница ${page}` })}
    />
  );
}
