/** Layout of a text page (about, how-buy, guarantees…): breadcrumbs-free title, lead and sections. */
import type { CSSProperties, ReactNode } from 'react';
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

/** Mantine's own class names for List (root, item, its wrapper), as in @mantine/core 9. */
export const LIST_CLASSES = {
  root: 'm_abbac491 mantine-List-root',
  item: 'm_abb6bec2 mantine-List-item',
  itemWrapper: 'm_75cd9f71 mantine-List-itemWrapper',
} as const;

const LIST_SPACING = { '--list-spacing': 'calc(0.25rem * var(--mantine-scale))' } as CSSProperties;

/** A bulleted list of short strings: Mantine's `<List spacing={4}>` markup and classes, without its code. */
export const Bullets = ({ items }: { items: string[] }) => (
  <ul className={LIST_CLASSES.root} style={LIST_SPACING}>
    {items.map((i) => (
      <li key={i} className={LIST_CLASSES.item}>
        <div className={LIST_CLASSES.itemWrapper}>
          <span className="mantine-List-itemLabel">{i}</span>
        </div>
      </li>
    ))}
  </ul>
);

/** An internal link styled for running text (a shop link). */
export const TextLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <ShopLink to={to} className={`mantine-focus-auto ${classes.textLink}`}>
    {children}
  </ShopLink>
);
