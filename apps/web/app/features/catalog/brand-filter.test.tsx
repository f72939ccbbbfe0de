import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandFilter, COLLAPSED, type BrandFilterProps } from './brand-filter';

/** Twelve brands A–L, «Brand A» … «Brand L», with ids 1–12. */
const brands = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  slug: `brand-${i + 1}`,
  name: `Brand ${String.fromCharCode(65 + i)}`,
  name_ru: `Бренд ${i + 1}`,
}));

/** The rows the server renders: each checkbox's value, whether it is checked, and its label's text. */
function rows(props: Partial<BrandFilterProps>) {
  const html = renderToStaticMarkup(
    <BrandFilter brands={brands} facet={undefined} value={[]} onChange={() => {}} {...props} />,
  );
  return {
    html,
    rows: [...html.matchAll(/<label[^>]*><input ([^>]*)\/?><span[^>]*>(.*?)<\/span><\/label>/g)].map(
      ([, attrs, text]) => ({
        id: /value="(\d+)"/.exec(attrs!)![1],
        checked: attrs!.includes('checked'),
        text: text!.replace(/<[^>]+>/g, ''),
      }),
    ),
  };
}

describe('BrandFilter', () => {
  it('renders the chosen brands first, then the most frequent ones, and «Показать все» for the rest', () => {
    // Brands 12, 11, … 1 by count (the facets' order).
    const facet = brands.map((b) => ({ value: String(b.id), count: b.id * 2 })).reverse();
    const { html, rows: shown } = rows({ facet, value: ['3'] });
    expect(shown).toHaveLength(1 + COLLAPSED);
    expect(shown[0]).toEqual({ id: '3', checked: true, text: 'Brand C 6' });
    expect(shown.slice(1).map((r) => r.id)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5']);
    expect(shown.slice(1).every((r) => !r.checked)).toBe(true);
    expect(html).toContain('type="search"');
    expect(html).toContain('aria-label="Найти бренд"');
    expect(html).toMatch(/<button type="button"[^>]*aria-expanded="false"[^>]*>Показать все \(12\)<\/button>/);
  });

  it('keeps the search field when the chosen brands make the collapsed list hold every brand', () => {
    const facet = brands.slice(0, COLLAPSED + 1).map((b) => ({ value: String(b.id), count: 1 }));
    const { html, rows: shown } = rows({ facet, value: ['9'] });
    expect(shown).toHaveLength(COLLAPSED + 1);
    expect(html).toContain('type="search"');
    expect(html).not.toContain('Показать все');
  });

  it('without «Показать все» and the search field when every brand fits the collapsed list', () => {
    const facet = [
      { value: '2', count: 5 },
      { value: '1', count: 1 },
    ];
    const { html, rows: shown } = rows({ facet });
    expect(shown.map((r) => r.text)).toEqual(['Brand B 5', 'Brand A 1']);
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain('Показать все');
  });

  it('without facets offers every brand A–Z without counts; a brand the reference data lacks is left out', () => {
    expect(rows({}).rows.map((r) => r.text)).toEqual(brands.slice(0, COLLAPSED).map((b) => `${b.name} `));
    expect(rows({ facet: [{ value: '99', count: 3 }] }).rows).toEqual([]);
  });
});
