import { describe, expect, it } from 'vitest';
import { canonicalPath, pageNumber, seo } from './seo';

const titleOf = (path: string) =>
  (
    seo({ title: 'Женщинам', description: 'Одежда', path, origin: 'http://x' }).find((t) => 'title' in t) as {
      title: string;
    }
  ).title;

describe('seo', () => {
  it('names later pages of a list in the title, so page 2 is not a copy of page 1', () => {
    expect(titleOf('/catalog/women')).toBe('Женщинам — Витрина');
    expect(titleOf('/catalog/women?page=1')).toBe('Женщинам — Витрина');
    expect(titleOf('/catalog/women?sort=new&page=3')).toBe('Женщинам, страница 3 — Витрина');
    expect(titleOf('/catalog/women?page=abc')).toBe('Женщинам — Витрина');
  });

  it('keeps a page past 1 in the canonical address', () => {
    const tags = seo({ title: 'Женщинам', description: 'Одежда', path: '/catalog/women?page=2', origin: 'http://x' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://x/catalog/women?page=2' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'http://x/catalog/women?page=2' });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Женщинам, страница 2 — Витрина' });
  });

  it('drops from the canonical address every parameter not named, page 1 and a page that is no number', () => {
    const tags = seo({
      title: 'Женщинам',
      description: 'Одежда',
      path: '/catalog/women?foo=bar&sort=price_asc&utm_source=x',
      query: ['color', 'sort'],
      origin: 'http://x',
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://x/catalog/women?sort=price_asc' });
    expect(canonicalPath('/catalog/women?foo=bar')).toBe('/catalog/women');
    expect(canonicalPath('/catalog/women?page=1&color=black', ['color'])).toBe('/catalog/women?color=black');
    for (const page of ['abc', '0', '-2', '1.5', '', '1e3', '01'])
      expect(canonicalPath(`/catalog/women?page=${page}`, ['page']), page).toBe('/catalog/women');
    // The named parameters in their given order, whatever the address's; empty ones dropped.
    expect(canonicalPath('/catalog/women?page=3&sort=new&color=&brand=nike', ['brand', 'color', 'sort'])).toBe(
      '/catalog/women?brand=nike&sort=new&page=3',
    );
    expect(canonicalPath('/catalog/search?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5&x=1', ['q'])).toBe(
      '/catalog/search?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5',
    );
  });

  it('reads a page number only from positive decimal integers', () => {
    expect([pageNumber('1'), pageNumber('42'), pageNumber('999999')]).toEqual([1, 42, 999999]);
    for (const raw of [null, '', 'abc', '0', '-1', '1.5', '1e3', '01', ' 2', '9999999999'])
      expect(pageNumber(raw), String(raw)).toBeNull();
  });
});
