import { describe, expect, it } from 'vitest';
import { seo } from './seo';

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

  it('keeps the canonical address with its query', () => {
    const tags = seo({ title: 'Женщинам', description: 'Одежда', path: '/catalog/women?page=2', origin: 'http://x' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://x/catalog/women?page=2' });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Женщинам, страница 2 — Витрина' });
  });
});
