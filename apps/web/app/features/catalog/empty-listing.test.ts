import { describe, expect, it } from 'vitest';
import { emptyListingText } from './empty-listing';

describe('empty listing text', () => {
  it('a search that found nothing suggests checking the words, not coming back later', () => {
    expect(emptyListingText({ filters: 0, search: true })).toMatch(/опечатк/);
    expect(emptyListingText({ filters: 0, search: true })).not.toMatch(/Загляните позже/);
  });

  it('filters come first; an empty section asks to come back later', () => {
    expect(emptyListingText({ filters: 2, search: true })).toMatch(/фильтров/);
    expect(emptyListingText({ filters: 0, search: false })).toMatch(/Загляните позже/);
  });
});
