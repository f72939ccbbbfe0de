/**
 * The product's details («Состояние», «Цвет», …) as a label/value table, drawn like Mantine's
 * `<Table variant="vertical">` by a CSS module on Mantine's public CSS variables (details-table.module.css),
 * without Table's code (which brings ScrollArea and floating-ui along).
 */
import classes from './details-table.module.css';

/** Label/value rows; rows with an empty value are left out. */
export function DetailsTable({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <table className={classes.table}>
      <tbody>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <tr key={k}>
              <th className={classes.th}>{k}</th>
              <td className={classes.td}>{v}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
