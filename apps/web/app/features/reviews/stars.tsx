/** Stars as text (light: no input, no Mantine component): «★★★★☆» read out as «Оценка 4 из 5». */
import classes from './reviews.module.css';

/** Whole stars of a 1–5 rating (rounded), announced as «Оценка N из 5». */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const n = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span role="img" aria-label={`Оценка ${n} из 5`} className={classes.stars} style={{ fontSize: size }}>
      {'★'.repeat(n)}
      <span className={classes.starsOff}>{'★'.repeat(5 - n)}</span>
    </span>
  );
}
