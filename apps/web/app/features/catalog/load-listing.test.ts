import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadListing, readListing, type Chars } from './load-listing';

const chars: Chars = Object.freeze({
  brands: [{ id: 1, slug: 'nike', name: 'Nike', name_ru: 'Найк' }],
  categories: [
    { id: 1, name: 'Одежда', type: 'women', parent: null },
    { id: 2, name: 'Платья', type: 'women', parent: 1 },
    { id: 3, name: 'Одежда', type: 'men', parent: null },
    { id: 4, name: 'Обувь', type: 'kids', parent: null },
  ],
  conditions: [{ value: 'good', label: 'Хорошее' }],
  colors: [{ value: 'black', label: 'Чёрный', hex: '#111111' }],
  types: [{ value: 'women', label: 'Женщинам' }],
});

/** A card as `GET /v1/public/products/` gives it. */
const apiCard = {
  id: 7,
  slug: 'plate-zara-midi-ab12cd',
  title: 'Платье Zara миди',
  brand: { id: 3, slug: 'zara', name: 'Zara' },
  sizes: ['S', 'M'],
  price: 2490,
  condition: 'good',
  condition_label: 'Хорошее',
  photo: {
    url: '/media/p/ab/abc/640.webp',
    url_small: '/media/p/ab/abc/320.webp',
    url_large: '/media/p/ab/abc/1280.webp',
    srcset: '/media/p/ab/abc/320.webp 320w, /media/p/ab/abc/640.webp 640w, /media/p/ab/abc/1280.webp 800w',
    width: 800,
    height: 1000,
  },
  seller_id: 4,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
};

/** A load context whose in-process reads answer as the server does: the reference data is one cached object. */
const context: AppLoadContext = {
  cspNonce: 'test',
  buildId: 'test',
  publicUrl: 'http://localhost:3000',
  apiFetch: () => Promise.reject(new Error('no request expected')),
  apiRead: (path: string) => {
    if (path === '/v1/product/chars/') return Promise.resolve({ status: 200, data: { data: chars } });
    if (path.startsWith('/v1/public/products/'))
      return Promise.resolve({ status: 200, data: { count: 1, next: null, previous: null, results: [apiCard] } });
    return Promise.resolve({ status: 404, data: null });
  },
};

const route = (url: string, fixed: Record<string, string>) => loadListing(context, new Request(url), fixed);
const load = async (url: string, fixed: Record<string, string>) => readListing(await route(url, fixed));

describe('listing loader: the reference data a page hands to the browser', () => {
  it('gives a page of one catalog type only that type’s categories, the rest of the reference data whole', async () => {
    const women = await load('http://localhost/catalog/women', { type: 'women' });
    expect(women.chars.categories.map((c) => c.id)).toEqual([1, 2]);
    expect(women.chars.brands).toEqual(chars.brands);
    expect(women.chars.colors).toEqual(chars.colors);
    const kids = await load('http://localhost/catalog/kids?page=1', { type: 'kids' });
    expect(kids.chars.categories.map((c) => c.id)).toEqual([4]);
    // The same reference data on every page of the type (no value is kept between requests on the server).
    expect((await load('http://localhost/catalog/women?sort=price_asc', { type: 'women' })).chars).toEqual(women.chars);
  });

  it('gives each listing only what its card shows', async () => {
    const data = await route('http://localhost/catalog/women', { type: 'women' });
    // The answers travel as JSON text; the count stays beside them for the page's meta.
    expect(typeof data.found).toBe('string');
    expect(typeof data.chars).toBe('string');
    expect(data.count).toBe(1);
    const { page } = readListing(data);
    expect(page).toEqual({ count: 1, results: expect.any(Array) });
    expect(page.results).toEqual([
      {
        id: 7,
        slug: 'plate-zara-midi-ab12cd',
        title: 'Платье Zara миди',
        brand: { name: 'Zara' },
        sizes: ['S', 'M'],
        price: 2490,
        // The srcset its URL and width give is left out (shared/ui/product-image.tsx derivedSrcset).
        photo: { url: apiCard.photo.url, width: 800, height: 1000 },
        seller_id: 4,
        status: 'active',
      },
    ]);
  });

  it('keeps a srcset its URL and width do not give', async () => {
    const { cardData } = await import('../../shared/ui/product-card');
    const { derivedSrcset } = await import('../../shared/ui/product-image');
    expect(derivedSrcset(apiCard.photo.url, 800)).toBe(apiCard.photo.srcset);
    // A photo narrower than 640 px: the API lists 320 and 600 once each.
    expect(derivedSrcset('/m/k/640.webp', 600)).toBe('/m/k/320.webp 320w, /m/k/640.webp 600w');
    const signed = { ...apiCard.photo, url: '/m/k/640.webp?sig=1', srcset: '/m/k/320.webp?sig=1 320w' };
    expect(cardData({ ...apiCard, photo: signed } as never).photo).toEqual({
      url: signed.url,
      srcset: signed.srcset,
      width: 800,
      height: 1000,
    });
  });

  it('gives pages not of one type (brand, search) every category', async () => {
    const brand = await load('http://localhost/catalog/brand/nike', { brand: 'nike' });
    expect(brand.chars).toEqual(chars);
  });
});
