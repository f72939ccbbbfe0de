/** An empty or error state: a short heading, what to do next, an optional action. */
import type { ReactNode } from 'react';
import classes from './empty-state.module.css';

export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className={classes.root}>
      {icon}
      <h2 className={classes.title}>{title}</h2>
      {text && <p className={classes.text}>{text}</p>}
      {action}
    </div>
  );
}
