/**
 * Query understanding without the database (catalog/search-words.ts, similarity.ts): one-edit word
 * comparison and the «one letter off a brand» words that search tries only when the words as typed find
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import type { BrandEntry } from '../../src/modules/catalog/search-dictionaries.js';
import { isWordFormOf, parseQuery } from '../../src/modules/catalog/search-words.js';
import { withinOneEdit } from '../../src/modules/catalog/similarity.js';

const brand = (id: number, keys: string[]): BrandEntry => ({
  id,
  slug: keys[0]!,
  name: keys[0]!,
  popular: false,
  keys,
  keyWords: keys.map((k) => k.split(' ')),
});
const brands = [brand(1, ['nike', 'найк']), brand(2, ['zara', 'зара']), brand(3, ['vans', 'ванс'])];

describe('withinOneEdit', () => {
  it.each([
    ['адидас', 'адидас'],
    ['адидос', 'адидас'],
    ['nkie', 'nike'],
    ['найкк', 'найк'],
    ['нйк', 'найк'],
    ['вэнс', 'ванс'],
  ])('«%s» ~ «%s»', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
    expect(withinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['адодос', 'адидас'],
    ['ikne', 'nike'],
    ['найккк', 'найк'],
    ['кеды', 'найк'],
  ])('«%s» is more than one edit from «%s»', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
  });
});

describe('parseQuery: words one letter off a brand', () => {
  const sizes = new Set(['42', 'm']);

  it('keeps them in the text and offers the brand as a later attempt', () => {
    const p = parseQuery('nkie кроссовки', brands, sizes);
    expect(p.brandIds).toEqual([]);
    expect(p.text).toBe('nkie кроссовки');
    expect(p.weak).toEqual({ brandIds: [1], text: 'кроссовки' });
  });

  it('leaves exact spellings, short words and catalog words alone', () => {
    expect(parseQuery('найк', brands, sizes).weak).toBeUndefined();
    expect(parseQuery('ван', brands, sizes).weak).toBeUndefined();
    expect(parseQuery('пара', brands, sizes, (w) => w === 'пара').weak).toBeUndefined();
    expect(parseQuery('пара носков', brands, sizes).weak).toEqual({ brandIds: [2], text: 'носков' });
  });
});

describe('isWordFormOf', () => {
  it.each([
    ['кроссовок', 'кроссовки'],
    ['кроссовками', 'кроссовки'],
    ['платьев', 'платья'],
    ['пуховиком', 'пуховики'],
    ['сумок', 'сумки'],
  ])('«%s» is a form of «%s»', (w, word) => expect(isWordFormOf(w, word)).toBe(true));
  it.each([
    ['кросовки', 'кроссовки'],
    ['платте', 'платья'],
    ['пуховек', 'пуховики'],
    ['джинци', 'джинсы'],
    ['кроссовкт', 'кроссовки'],
  ])('«%s» is a misspelling of «%s»', (w, word) => expect(isWordFormOf(w, word)).toBe(false));
});
