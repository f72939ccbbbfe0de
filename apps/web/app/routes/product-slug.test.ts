import type { AppLoadContext } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loader } from './product-slug';

// The page's lazy parts (the seller card, the gallery's zoom…) start loading on the server when their modules load
// (shared/lib/lazy.tsx): the file waits for them, or a part still loading when the test ends fails the run.
afterAll(() => vi.dynamicImportSettled());

const card = (id: number) => ({
  id,
  slug: `kedy-${id}`,
  title: `Кеды ${id}`,
  brand: { id: 1, slug: 'nike', name: 'Nike' },
  sizes: ['42'],
  price: 1000 + id,
  condition: 'good',
  condition_label: 'Хорошее',
  photo: {
    url: `/m/${id}/640.webp`,
    url_small: `/m/${id}/320.webp`,
    url_large: `/m/${id}/1280.webp`,
    srcset: `/m/${id}/320.webp 320w`,
    width: 800,
    height: 1000,
  },
  seller_id: 4,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
});

const product = {
  ...card(1),
  description: 'Почти новые',
  offers: [],
  photos: [],
  similar: Array.from({ length: 12 }, (_, i) => card(100 + i)),
};

const context: AppLoadContext = {
  cspNonce: 'test',
  buildId: 'test',
  publicUrl: 'http://localhost:3000',
  apiFetch: () => Promise.reject(new Error('no request expected')),
  apiRead: (path: string) =>
    Promise.resolve(
      path === '/v1/public/products/kedy-1/' ? { status: 200, data: product } : { status: 404, data: null },
    ),
};

describe('product page loader', () => {
  it('keeps the listing whole and hands over only the ten similar listings the page shows, as cards', async () => {
    const data = await loader({
      params: { slug: 'kedy-1' },
      context,
      request: new Request('http://localhost/product/kedy-1'),
    } as never);
    // The listing travels as JSON text (shared/lib/json-text.ts).
    expect(typeof data.product).toBe('string');
    const page = JSON.parse(data.product) as typeof product;
    expect(page.description).toBe('Почти новые');
    expect(page.condition_label).toBe('Хорошее');
    expect(page.similar.map((s) => s.id)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    expect(page.similar[0]).toEqual({
      id: 100,
      slug: 'kedy-100',
      title: 'Кеды 100',
      brand: { name: 'Nike' },
      sizes: ['42'],
      price: 1100,
      photo: { url: '/m/100/640.webp', srcset: '/m/100/320.webp 320w', width: 800, height: 1000 },
      seller_id: 4,
      status: 'active',
    });
  });
});
