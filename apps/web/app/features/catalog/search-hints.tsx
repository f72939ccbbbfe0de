/**
 * What a search page offers besides its results (`/v1/public/search/hints/`): the
 * spelling line «Возможно, вы имели в виду …» under the count, and, when nothing was found, the ways out —
 * the corrected query, filters to remove (with how many listings each brings back), nearby categories and
 * popular queries. Every link leads to listings: the API offers only ways that find some.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SearchHints } from '@vitrina/contract/catalog';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { LightButton } from '../../shared/ui/light-button';
import { typeTitle } from './type-labels';
import classes from './search-hints.module.css';

/** Russian names of the filters a way out may remove. */
const FILTER_NAMES: Record<SearchHints['without'][number]['filter'], string> = {
  category: 'Категория',
  brand: 'Бренд',
  size: 'Размер',
  price: 'Цена',
  condition: 'Состояние',
  color: 'Цвет',
};

/** The query fields each filter of a way out stands for. */
const FILTER_FIELDS: Record<SearchHints['without'][number]['filter'], string[]> = {
  category: ['category'],
  brand: ['brand'],
  size: ['size'],
  price: ['price_min', 'price_max'],
  condition: ['condition'],
  color: ['color'],
};

const searchLink = (q: string, extra: Record<string, string> = {}) =>
  `/catalog/search?${new URLSearchParams({ q, ...extra }).toString()}`;

/** «Возможно, вы имели в виду «кроссовки»» — a link to the corrected search. */
export function Correction({ correction }: { correction: string }) {
  return (
    <Text mt={4} data-testid="search-correction">
      Возможно, вы имели в виду{' '}
      <Anchor component={Link} to={searchLink(correction)} fw={600} underline="always">
        «{correction}»
      </Anchor>
    </Text>
  );
}

/**
 * The ways out of a search that found nothing.
 * @param q the query as typed
 * @param go applies URL changes to the page (removing a filter keeps the rest)
 */
export function SearchWaysOut({
  q,
  hints,
  go,
}: {
  q: string;
  hints: SearchHints;
  go: (changes: Record<string, null>) => void;
}) {
  const { correction, without, categories, popular } = hints;
  return (
    <Stack gap="lg" data-testid="search-ways-out" className={classes.ways}>
      {correction && (
        <section>
          <Title order={3} fz="md" mb={8}>
            Возможно, вы имели в виду
          </Title>
          <LightButton to={searchLink(correction)} variant="outline">
            Искать «{correction}»
          </LightButton>
        </section>
      )}
      {without.length > 0 && (
        <section>
          <Title order={3} fz="md" mb={8}>
            Уберите фильтр
          </Title>
          <ul className={classes.list}>
            {without.map((w) => (
              <li key={w.filter}>
                <button
                  type="button"
                  className={classes.chip}
                  onClick={() => go(Object.fromEntries(FILTER_FIELDS[w.filter].map((f) => [f, null])))}
                >
                  Без фильтра «{FILTER_NAMES[w.filter]}» — {countLabel(w.count, WORDS.product)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {categories.length > 0 && (
        <section>
          <Title order={3} fz="md" mb={8}>
            {categories[0]!.with_query ? `«${q}» есть в категориях` : 'Посмотрите категории'}
          </Title>
          <ul className={classes.list}>
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  className={classes.chip}
                  to={c.with_query ? searchLink(q, { category: String(c.id) }) : `/catalog/${c.type}?category=${c.id}`}
                >
                  {c.name} · {typeTitle(c.type)}
                  <span className={classes.count}>{c.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {popular.length > 0 && (
        <section>
          <Title order={3} fz="md" mb={8}>
            Часто ищут
          </Title>
          <ul className={classes.list}>
            {popular.map((p) => (
              <li key={p}>
                <Link className={classes.chip} to={searchLink(p)}>
                  {p}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Stack>
  );
}
