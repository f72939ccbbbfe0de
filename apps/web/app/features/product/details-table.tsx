/**
 * The product's details («Состояние», «Цвет», …) in Mantine's `<Table variant="vertical">` look without
 * Table's code (which brings ScrollArea and floating-ui along): the same markup, classes and variables as
 * Table renders with `withRowBorders={false} verticalSpacing={4} fz="sm"`, styled by Mantine's stylesheet.
 * Keeps the product page's JavaScript small (issue 2); details-table.test.ts checks the classes exist.
 */
import type { CSSProperties } from 'react';

/** Mantine's own class names for Table's parts, as in @mantine/core 9. */
export const TABLE_CLASSES = {
  table: 'm_b23fa0ef mantine-Table-table',
  tbody: 'm_b2404537 mantine-Table-tbody',
  tr: 'm_4e7aa4fd mantine-Table-tr',
  th: 'm_4e7aa4f3 mantine-Table-th',
  td: 'm_4e7aa4ef mantine-Table-td',
} as const;

const TABLE_STYLE = {
  '--table-vertical-spacing': 'calc(0.25rem * var(--mantine-scale))',
  fontSize: 'var(--mantine-font-size-sm)',
} as CSSProperties;

const TH_STYLE: CSSProperties = {
  paddingLeft: '0rem',
  background: 'transparent',
  color: 'var(--mantine-color-dimmed)',
  fontWeight: 400,
  width: 'calc(7.5rem * var(--mantine-scale))',
};

/** Label/value rows; rows with an empty value are left out. */
export function DetailsTable({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <table style={TABLE_STYLE} className={TABLE_CLASSES.table} data-variant="vertical">
      <tbody className={TABLE_CLASSES.tbody}>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <tr key={k} className={TABLE_CLASSES.tr}>
              <th style={TH_STYLE} className={TABLE_CLASSES.th}>
                {k}
              </th>
              <td className={TABLE_CLASSES.td}>{v}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
