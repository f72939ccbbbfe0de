/** The shared sell-form rules (used by the browser as you type and by the API). */
import { describe, expect, it } from 'vitest';
import { checkListing } from './products';

const good = {
  publish: true,
  title: 'Пальто Zara',
  description: '',
  brand: 1,
  category: 2,
  condition: 'good',
  color: null,
  sizes: [{ size: 'M', price: 12990, count: 1 }],
  photo_count: 2,
};

describe('checkListing', () => {
  it('accepts a complete listing', () => {
    expect(checkListing(good)).toMatchObject({ ok: true });
  });

  it('names every problem at once, with deep paths for the form', () => {
    const res = checkListing(
      { ...good, title: 'ab', brand: null, sizes: [{ size: 'M', price: 50, count: 0 }], photo_count: 0 },
      true,
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(Object.keys(res.errors).sort()).toEqual(['brand', 'photos', 'sizes.0.count', 'sizes.0.price', 'title']);
    expect(res.errors['sizes.0.price']).toEqual(['Цена — целое число от 100 до 10 000 000 ₽.']);
  });

  it('lets a draft go without photos, brand and sizes but still checks formats', () => {
    expect(checkListing({ ...good, publish: false, brand: null, sizes: [], photo_count: 0 })).toMatchObject({
      ok: true,
    });
    const res = checkListing({ ...good, publish: false, title: undefined, photo_count: 11 });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(Object.keys(res.errors).sort()).toEqual(['photos', 'title']);
  });

  it('refuses the same size twice (case-insensitive)', () => {
    const res = checkListing({
      ...good,
      sizes: [
        { size: 'M', price: 1000, count: 1 },
        { size: 'm', price: 1000, count: 1 },
      ],
    });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.errors.sizes).toEqual(['Каждый размер можно указать только один раз.']);
  });
});
