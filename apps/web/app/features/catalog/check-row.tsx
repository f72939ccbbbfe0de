/**
 * A row of the filter panel's value lists (conditions, brands): a native checkbox in Mantine's checkbox look and its
 * label with the value's count, dimmed (filter-panel.module.css). The whole row is the target, at least 28 px high.
 */
import classes from './filter-panel.module.css';

export interface CheckRowProps {
  /** The checkbox's value (the filter's value). */
  value: string;
  label: string;
  /** How many listings the value leaves; undefined: not known (not shown). */
  count?: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Wraps long labels anywhere (brand names). */
  wrap?: boolean;
}

/** A value's count beside its label (dimmed). */
export function Count({ n }: { n: number }) {
  return <span className={classes.count}>{n}</span>;
}

/** A checkbox row: «Новое с биркой 12». */
export function CheckRow({ value, label, count, checked, onChange, wrap }: CheckRowProps) {
  return (
    <label className={classes.checkRow}>
      <input
        type="checkbox"
        className={classes.checkbox}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span className={wrap ? classes.wrap : undefined}>
        {`${label} `}
        {count !== undefined && <Count n={count} />}
      </span>
    </label>
  );
}
