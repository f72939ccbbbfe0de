/**
 * The brands screen's directory: a filter by either spelling, the letter index, popular brands and every brand
 * once, under the first letter of its name, with its count.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { BrandListItem } from '@vitrina/contract/catalog';
import { ShopLink } from '../../shared/ui/shop-link';
import { EmptyState } from '../../shared/ui/empty-state';
import { SectionTitle } from '../../shared/ui/product-card';
import { brandIndex, matchesBrand, type LetterGroup } from './brand-index';
import classes from './brands.module.css';
import { PopularBrands } from './home-sections';

/** Every brand grouped by first letter (Latin, Cyrillic, other), with the popular ones first. */
export function BrandDirectory({ brands }: { brands: BrandListItem[] }) {
  const [filter, setFilter] = useState('');
  const shown = filter.trim() ? brands.filter((b) => matchesBrand(b, filter)) : brands;
  const groups = brandIndex(shown);
  const popular = brands
    .filter((b) => b.is_popular && b.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 12);
  return brands.length === 0 ? (
    <EmptyState title="Брендов пока нет" text="Загляните позже." />
  ) : (
    <>
      {/* A plain input, not Mantine's TextInput: the page's first scripts stay within the budget. */}
      <label className={classes.filter}>
        <span className={classes.filterLabel}>Найти бренд</span>
        <input
          type="search"
          className={classes.filterInput}
          placeholder="Например, Nike или Найк"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      </label>
      {groups.length === 0 && (
        <EmptyState
          title="Такого бренда нет"
          text="Проверьте написание — можно латиницей или по-русски — или поищите вещь в каталоге."
        />
      )}
      <nav aria-label="Алфавитный указатель" className={classes.letters}>
        {groups.map((g) => (
          <a key={g.letter} href={`#letter-${g.letter}`} className={classes.letter}>
            {g.letter}
          </a>
        ))}
      </nav>
      {popular.length > 0 && !filter.trim() && (
        <>
          <SectionTitle>Популярные</SectionTitle>
          <PopularBrands brands={popular} />
        </>
      )}
      {(
        [
          ['latin', 'A–Z'],
          ['cyrillic', 'А–Я'],
          // Its one letter group is headed «0–9» itself: the part's landmark is named apart (axe landmark-unique).
          ['other', 'Цифры и знаки'],
        ] as const
      ).map(([script, heading]) => {
        const part = groups.filter((g) => g.script === script);
        if (!part.length) return null;
        return (
          <section key={script} aria-label={heading}>
            {script !== 'other' && <SectionTitle>{heading}</SectionTitle>}
            <div className={classes.groups}>
              {part.map((g) => (
                <LetterSection key={g.letter} group={g} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}

function LetterSection({ group: g }: { group: LetterGroup }) {
  return (
    <section id={`letter-${g.letter}`} className={classes.group} aria-labelledby={`h-${g.letter}`}>
      <h2 id={`h-${g.letter}`} className={classes.groupLetter}>
        {g.letter}
      </h2>
      <ul className={classes.list}>
        {g.entries.map((e) => (
          <li key={e.brand.slug + e.label}>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Anchor
                component={ShopLink}
                to={`/catalog/brand/${e.brand.slug}`}
                prefetch="intent"
                c="ink.9"
                fz="sm"
                truncate
              >
                {e.label}
                {e.alt && (
                  <Text span c="dimmed" fz="xs" ml={6}>
                    {e.alt}
                  </Text>
                )}
              </Anchor>
              <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {e.brand.count}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
    </section>
  );
}
