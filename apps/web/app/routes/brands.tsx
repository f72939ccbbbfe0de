/** Screen `brands` (/brands): the A–Z index of brands, Latin and Cyrillic, with listing counts. */
import { Anchor, Group, Text, Title } from '@mantine/core';
import type { BrandListItem } from '@vitrina/contract/catalog';
import { Link } from 'react-router';
import type { Route } from './+types/brands';
import { brandIndex, type LetterGroup } from '../features/catalog/brand-index';
import classes from '../features/catalog/brands.module.css';
import { PopularBrands } from '../features/catalog/home-sections';
import { apiLoad, type LoadContext } from '../shared/lib/load-context';
import { countLabel, WORDS } from '../shared/lib/plural';
import { seo } from '../shared/lib/seo';
import { EmptyState } from '../shared/ui/empty-state';
import { SectionTitle } from '../shared/ui/product-card';
import { RouteError } from '../shared/ui/route-error';

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await apiLoad<{ results: BrandListItem[] }>(context, '/v1/public/brands/');
  return { brands: results, origin: (context as unknown as LoadContext).publicUrl };
}

export function meta({ data }: Route.MetaArgs) {
  return seo({
    title: 'Бренды от A до Я',
    description: `Все бренды Витрины: ${data ? countLabel(data.brands.length, WORDS.brand) : 'сотни брендов'} — от Uniqlo и Zara до Stone Island и Moncler.`,
    path: '/brands',
    origin: data?.origin,
  });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const groups = brandIndex(brands);
  const popular = brands
    .filter((b) => b.is_popular && b.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 12);
  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
      <Title order={1} fz={{ base: 26, sm: 36 }}>
        Бренды
      </Title>
      <Text c="dimmed" mt={4}>
        {countLabel(brands.length, WORDS.brand)}
      </Text>
      {brands.length === 0 ? (
        <EmptyState title="Брендов пока нет" text="Загляните позже." />
      ) : (
        <>
          <nav aria-label="Алфавитный указатель" className={classes.letters}>
            {groups.map((g) => (
              <a key={g.letter} href={`#letter-${g.letter}`} className={classes.letter}>
                {g.letter}
              </a>
            ))}
          </nav>
          {popular.length > 0 && (
            <>
              <SectionTitle>Популярные</SectionTitle>
              <PopularBrands brands={popular} />
            </>
          )}
          {(
            [
              ['latin', 'A–Z'],
              ['cyrillic', 'А–Я'],
              ['other', '0–9'],
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
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;

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
                component={Link}
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
