/**
 * Selling API (issue «Selling», spec §4, §7): editing (fields, sizes, photos), ownership, drafts and soft delete,
 * the owner's statuses and paging by 12. The world: selling-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.js';
import { dbAvailable, multipart, signIn } from '../helpers.js';
import { jpeg, photo, useSellingWorld } from './selling-world.js';

describe.runIf(dbAvailable())('selling API: editing and the owner list', () => {
  const s = useSellingWorld();
  const { create, patch } = s;

  it('edits fields, sizes and photos (add, remove, reorder) and keeps the slug', async () => {
    const l = (await create(s.a, {}, [photo(s.img), photo(await jpeg({ width: 600, height: 900 }))])).json();
    const [p1, p2] = l.photos;
    const res = await patch(
      s.a,
      l.id,
      {
        title: 'Пальто шерстяное, почти новое',
        sizes: JSON.stringify([{ size: 'S', price: 9990, count: 3 }]),
        remove_photos: JSON.stringify([p1.id]),
        photo_order: JSON.stringify([p2.id]),
      },
      [photo(await jpeg({ width: 900, height: 900 }))],
    );
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e.title).toBe('Пальто шерстяное, почти новое');
    expect(e.slug).toBe(l.slug);
    expect(e.price).toBe(9990);
    expect(e.sizes).toEqual([expect.objectContaining({ size: 'S', price: 9990, count: 3 })]);
    expect(e.photos.map((p: { id: number }) => p.id)[0]).toBe(p2.id);
    expect(e.photos).toHaveLength(2);
    expect(e.photos[1].width).toBe(900);
    // The removed photo's files are gone.
    expect((await s.t.app.inject({ url: p1.url })).statusCode).toBe(404);
    // Reorder: the new photo first.
    const re = await patch(s.a, l.id, { photo_order: JSON.stringify([e.photos[1].id, e.photos[0].id]) });
    expect(re.json().photos.map((p: { id: number }) => p.id)).toEqual([e.photos[1].id, e.photos[0].id]);
    // Invalid edits are named.
    expect((await patch(s.a, l.id, { title: '' })).json()).toHaveProperty('title');
    expect((await patch(s.a, l.id, { remove_photos: '[999999]' })).json()).toHaveProperty('remove_photos');
    expect(
      (
        await patch(s.a, l.id, { remove_photos: JSON.stringify(re.json().photos.map((p: { id: number }) => p.id)) })
      ).json(),
    ).toHaveProperty('photos');
    const [row] = await s.t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.searchText).toContain('Zara Test');
    expect(row!.minPrice).toBe(999_000);
  });

  it("guards other users' listings (404) for read, edit, delete and make_draft", async () => {
    const l = (await create(s.a)).json();
    const body = multipart({ title: 'Чужое' });
    const calls = [
      s.t.app.inject({ url: `/v1/products/${l.id}/`, headers: s.b }),
      s.t.app.inject({
        method: 'PATCH',
        url: `/v1/products/${l.id}/`,
        headers: { ...s.b, ...body.headers },
        payload: body.payload,
      }),
      s.t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: s.b }),
      s.t.app.inject({ method: 'POST', url: `/v1/products/${l.id}/make_draft/`, headers: s.b }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
    }
    const still = (await s.t.app.inject({ url: `/v1/products/${l.id}/`, headers: s.a })).json();
    expect(still).toMatchObject({ title: l.title, status: 'active' });
    expect((await s.t.app.inject({ url: '/v1/products/abc/', headers: s.a })).statusCode).toBe(400);
    expect((await s.t.app.inject({ url: '/v1/products/999999/', headers: s.a })).statusCode).toBe(404);
  });

  it('moves to drafts, deletes softly and hides from everyone', async () => {
    const l = (await create(s.a)).json();
    const d = await s.t.app.inject({ method: 'POST', url: `/v1/products/${l.id}/make_draft/`, headers: s.a });
    expect(d.statusCode).toBe(200);
    expect(d.json().status).toBe('draft');
    expect((await s.t.app.inject({ url: `/v1/public/products/${l.slug}/` })).statusCode).toBe(404);
    const del = await s.t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: s.a });
    expect(del.statusCode).toBe(204);
    const [row] = await s.t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.status).toBe('deleted');
    expect((await s.t.app.inject({ url: `/v1/products/${l.id}/`, headers: s.a })).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: s.a })).statusCode).toBe(
      404,
    );
    expect((await s.t.app.inject({ url: `/v1/public/products/${l.slug}/` })).statusCode).toBe(404);
  });

  it('counts statuses and pages the owner list by 12 (13 drafts → 12 + 1, page 3 → 404)', async () => {
    const c = (await signIn(s.t.app)).auth;
    for (let i = 0; i < 13; i += 1) {
      const res = await create(c, { draft: 'true', title: `Черновик номер ${i + 1}` }, []);
      expect(res.statusCode).toBe(201);
      s.t.clock.advance?.(1000);
    }
    await create(c);
    const st = (await s.t.app.inject({ url: '/v1/product_statuses/', headers: c })).json();
    expect(st).toEqual([
      { value: 'active', label: 'В продаже', count: 1 },
      { value: 'draft', label: 'Черновики', count: 13 },
      { value: 'reserved', label: 'Забронированы', count: 0 },
      { value: 'sold', label: 'Проданы', count: 0 },
      { value: 'pending_review', label: 'На проверке', count: 0 },
      { value: 'blocked', label: 'Заблокированы', count: 0 },
    ]);
    const p1 = (
      await s.t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=1', headers: c })
    ).json();
    expect(p1.count).toBe(13);
    expect(p1.results).toHaveLength(12);
    expect(p1.next).toBe('/v1/product_owner/?status=draft&page_size=12&page=2');
    expect(p1.previous).toBeNull();
    expect(p1.results[0]).toMatchObject({
      status: 'draft',
      status_label: 'Черновик',
      seller_id: expect.any(Number),
      offers: expect.any(Array),
    });
    const p2 = (
      await s.t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=2', headers: c })
    ).json();
    expect(p2.results).toHaveLength(1);
    expect(p2.next).toBeNull();
    const p3 = await s.t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=3', headers: c });
    expect(p3.statusCode).toBe(404);
    expect(p3.json()).toEqual({ detail: 'Неверная страница.' });
    const active = (await s.t.app.inject({ url: '/v1/product_owner/?status=active&page_size=12', headers: c })).json();
    expect(active.count).toBe(1);
    expect(active.results[0].photo.url).toMatch(/^\/media\/p\//);
    expect((await s.t.app.inject({ url: '/v1/product_owner/?status=weird', headers: c })).statusCode).toBe(400);
    // Another user's list does not contain them.
    const other = (await s.t.app.inject({ url: '/v1/product_owner/?status=draft', headers: s.b })).json();
    expect(other.count).toBe(0);
  });
});
