/** Layout of a text page (about, how-buy, guarantees…): breadcrumbs-free title, lead and sections. */
import type { ReactNode } from 'react';
import { ShopLink } from '../../shared/ui/shop-link';
import classes from './content-page.module.css';

export interface Section {
  title: string;
  body: ReactNode;
}

export function ContentPage({
  title,
  lead,
  sections,
  aside,
}: {
  title: string;
  lead: string;
  sections: Section[];
  aside?: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.lead}>{lead}</p>
      {sections.map((s) => (
        <section key={s.title} className={classes.section}>
          <h2 className={classes.sectionTitle}>{s.title}</h2>
          <div className={classes.body}>{s.body}</div>
        </section>
      ))}
      {aside}
    </div>
  );
}

/** A bulleted list of short strings, in the look of Mantine's `<List spacing={4}>`. */
export const Bullets = ({ items }: { items: string[] }) => (
  <ul className={classes.bullets}>
    {items.map((i) => (
      <li key={i}>{i}</li>
    ))}
  </ul>
);

/** An internal link styled for running text (a shop link). */
export const TextLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <ShopLink to={to} className={`mantine-focus-auto ${classes.textLink}`}>
    {children}
  </ShopLink>
);
