import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import PageLinks from './page-links';

/** The anchors of the rendered page links: href, label and whether it is the current page. */
function anchors(html: string) {
  return [...html.matchAll(/<a ([^>]*)>/g)].map(([, attrs]) => ({
    href: /href="([^"]*)"/.exec(attrs!)?.[1]?.replace(/&amp;/g, '&'),
    label: /aria-label="([^"]*)"/.exec(attrs!)?.[1],
    current: attrs!.includes('aria-current="page"'),
    shopLink: attrs!.includes('data-shop-link="intent"'),
  }));
}

describe('PageLinks', () => {
  it('renders plain shop links (no router needed) to each page, the current one marked', () => {
    const html = renderToStaticMarkup(
      <PageLinks page={3} totalPages={40} link={(n) => `/catalog/women?sort=new&page=${n}`} />,
    );
    const links = anchors(html);
    expect(links.map((l) => l.label)).toEqual([
      'Предыдущая страница',
      'Страница 1',
      'Страница 2',
      'Страница 3',
      'Страница 4',
      'Страница 5',
      'Страница 40',
      'Следующая страница',
    ]);
    expect(links[0]!.href).toBe('/catalog/women?sort=new&page=2');
    expect(links.at(-1)!.href).toBe('/catalog/women?sort=new&page=4');
    expect(links.filter((l) => l.current).map((l) => l.label)).toEqual(['Страница 3']);
    expect(links.every((l) => l.shopLink)).toBe(true);
    expect(html).toContain('…');
  });

  it('shows the first page’s «‹» dimmed and not as a link', () => {
    const html = renderToStaticMarkup(<PageLinks page={1} totalPages={2} link={(n) => `/seller/4?page=${n}`} />);
    expect(anchors(html).map((l) => l.label)).toEqual(['Страница 1', 'Страница 2', 'Следующая страница']);
    expect(html).toContain('data-disabled="true"');
  });
});
