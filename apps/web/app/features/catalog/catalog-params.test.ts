import { describe, expect, it } from 'vitest';
import { activeFilterCount, apiQuery, brandIdsOf, readListingState, withChanges } from './catalog-params';

describe('listing URL state', () => {
  it('reads filters, sort and page and drops junk', () => {
    const s = readListingState(
      new URLSearchParams(
        'category=12&brand=3,,5&size=M&price_min=1 000&price_max=-5&color=black&sort=bogus&page=0&x=1',
      ),
    );
    expect(s).toEqual({
      filters: { category: '12', brand: '3,5', size: 'M', price_min: '1000', color: 'black' },
      sort: 'new',
      page: 1,
    });
    expect(readListingState(new URLSearchParams('category=abc&page=3&sort=price_asc')).filters).toEqual({});
    expect(readListingState(new URLSearchParams('page=3&sort=price_asc'))).toMatchObject({
      sort: 'price_asc',
      page: 3,
    });
  });

  it('builds the API query with the fixed filter of the page', () => {
    const s = readListingState(new URLSearchParams('size=M,L&page=2'));
    const q = new URLSearchParams(apiQuery(s, { type: 'women' }));
    expect(Object.fromEntries(q)).toEqual({ size: 'M,L', type: 'women', sort: 'new', page: '2', page_size: '24' });
  });

  it('uses relevance by default on search', () => {
    expect(readListingState(new URLSearchParams('q=x'), 'relevance').sort).toBe('relevance');
  });

  it('changes the URL and resets the page on filter changes', () => {
    const cur = new URLSearchParams('size=M&page=4');
    expect(withChanges(cur, { color: 'red' })).toBe('?size=M&color=red');
    expect(withChanges(cur, { size: null })).toBe('');
    expect(withChanges(cur, { page: 5 })).toBe('?size=M&page=5');
    expect(withChanges(cur, { page: 1 })).toBe('?size=M');
  });

  it('counts active filters', () => {
    expect(
      activeFilterCount(readListingState(new URLSearchParams('size=M,L&price_min=1&price_max=5&category=3'))),
    ).toBe(4);
  });

  it('turns brand slugs into ids for the pills and the panel (?brand=nike)', () => {
    const brands = [
      { id: 1, slug: 'nike', name: 'Nike' },
      { id: 7, slug: 'stone-island', name: 'Stone Island' },
    ];
    expect(brandIdsOf('nike', brands)).toBe('1');
    expect(brandIdsOf('NIKE,7,stone-island', brands)).toBe('1,7');
    expect(brandIdsOf('1,nike', brands)).toBe('1');
    expect(brandIdsOf('takogo-net,7', brands)).toBe('takogo-net,7');
    expect(brandIdsOf(undefined, brands)).toBeUndefined();
  });
});
