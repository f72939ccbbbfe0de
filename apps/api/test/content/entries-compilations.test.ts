/**
 * Staff's journal posts and job openings (`/v1/admin/entries/`) and compilations (`/v1/admin/compilations/`):
 * create as a draft, edit, publish and unpublish — the public lists and pages follow at once; hand-picked listings
 * in order or a saved catalog filter; bad fields answered 400 naming the field; audit rows `content.update` and
 * `compilation.update`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { get, makeStaff, post } from '../admin/fixtures.js';

const patch = (app: FastifyInstance, url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PATCH', url, headers, payload: payload as object });

describe.runIf(dbAvailable())('journal, openings and compilations', () => {
  let t: TestContext;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeStaff(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a post as a draft, publishes, edits and unpublishes it, with audit rows', async () => {
    const bad = await post(t.app, '/v1/admin/entries/', staff.auth, { kind: 'news', slug: 'Плохой адрес', title: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['kind', 'slug', 'title']);

    const created = await post(t.app, '/v1/admin/entries/', staff.auth, {
      kind: 'blog',
      slug: 'kak-hranit-sumki',
      title: 'Как хранить сумки',
      lead: 'Коротко о главном.',
      body_markdown: 'Набейте бумагой. <script>alert(1)</script>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ published_at: null, html: '<p>Набейте бумагой. </p>\n' });
    expect((await get(t.app, '/v1/public/blog/kak-hranit-sumki/')).statusCode).toBe(404);
    const dup = await post(t.app, '/v1/admin/entries/', staff.auth, {
      kind: 'blog',
      slug: 'kak-hranit-sumki',
      title: 'x',
    });
    expect(dup.json()).toEqual({ slug: ['Такой адрес уже занят другой записью.'] });

    expect((await post(t.app, `/v1/admin/entries/${id}/publish/`, staff.auth)).statusCode).toBe(200);
    expect((await post(t.app, `/v1/admin/entries/${id}/publish/`, staff.auth)).statusCode).toBe(409);
    const page = (await get(t.app, '/v1/public/blog/kak-hranit-sumki/')).json();
    expect(page).toMatchObject({ title: 'Как хранить сумки', lead: 'Коротко о главном.' });
    expect((await get(t.app, '/v1/public/blog/')).json().results[0].slug).toBe('kak-hranit-sumki');

    const edited = await patch(t.app, `/v1/admin/entries/${id}/`, staff.auth, { title: 'Как хранить сумки зимой' });
    expect(edited.json().title).toBe('Как хранить сумки зимой');
    expect((await get(t.app, '/v1/public/blog/kak-hranit-sumki/')).json().title).toBe('Как хранить сумки зимой');

    expect((await post(t.app, `/v1/admin/entries/${id}/unpublish/`, staff.auth)).statusCode).toBe(200);
    expect((await get(t.app, '/v1/public/blog/kak-hranit-sumki/')).statusCode).toBe(404);
    expect((await get(t.app, '/v1/admin/entries/?kind=blog', staff.auth)).json().results[0].id).toBe(id);
    expect((await get(t.app, '/v1/admin/entries/?kind=x', staff.auth)).statusCode).toBe(400);

    const audit = (
      await get(t.app, `/v1/admin/audit/?action=content.update&object_type=entry&object_id=${id}`, staff.auth)
    ).json();
    expect(audit.results.map((r: { details: { change: string } }) => r.details.change)).toEqual([
      'unpublish',
      'edit',
      'publish',
      'create',
    ]);
  });

  it('keeps compilations: hand-picked in order or by a saved filter, published ones on the home page', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const a = await makeListing(t.app, seller.id, undefined, 'Пальто');
    const b = await makeListing(t.app, seller.id, undefined, 'Шарф');

    const bad = await post(t.app, '/v1/admin/compilations/', staff.auth, {
      slug: 'zima',
      title: 'Зима',
      filter: 'q=пальто',
      product_ids: [a.id, 999999],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ filter: ['Параметр «q» нельзя сохранить в подборке.'] });
    const unknown = await post(t.app, '/v1/admin/compilations/', staff.auth, {
      slug: 'zima',
      title: 'Зима',
      product_ids: [999999],
    });
    expect(unknown.json()).toEqual({ product_ids: ['Нет товаров с id 999999.'] });

    const created = await post(t.app, '/v1/admin/compilations/', staff.auth, {
      slug: 'zima',
      title: 'Зима',
      description: 'Тёплое',
      product_ids: [b.id, a.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ published: false, filter: null, product_ids: [b.id, a.id], count: 2 });
    const slugs = async () =>
      ((await get(t.app, '/v1/public/compilations/')).json().results as { slug: string }[]).map((c) => c.slug);
    expect(await slugs()).not.toContain('zima');
    expect((await get(t.app, '/v1/public/compilations/zima/')).statusCode).toBe(404);

    const published = await patch(t.app, `/v1/admin/compilations/${id}/`, staff.auth, { published: true });
    expect(published.json().published).toBe(true);
    expect(await slugs()).toContain('zima');
    const listed = (await get(t.app, '/v1/public/products/?compilation=zima')).json();
    expect(listed.count).toBe(2);
    // `sort=curated` keeps staff's order of hand-picked listings; the other sorts ignore it.
    const order = async (sort: string) =>
      ((await get(t.app, `/v1/public/products/?compilation=zima&sort=${sort}`)).json().results as { id: number }[]).map(
        (p) => p.id,
      );
    expect(await order('curated')).toEqual([b.id, a.id]);
    const reordered = await patch(t.app, `/v1/admin/compilations/${id}/`, staff.auth, { product_ids: [a.id, b.id] });
    expect(reordered.json().product_ids).toEqual([a.id, b.id]);
    expect(await order('curated')).toEqual([a.id, b.id]);
    expect(await order('new')).toEqual([b.id, a.id]);
    expect((await get(t.app, '/v1/public/products/?sort=curated&page_size=1')).statusCode).toBe(200);

    // By a saved filter: the set shows what the catalog query finds.
    const byFilter = await patch(t.app, `/v1/admin/compilations/${id}/`, staff.auth, {
      filter: `?seller=${seller.id}&price_max=100000`,
    });
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    expect(byFilter.json()).toMatchObject({ filter: `seller=${seller.id}&price_max=100000`, count: 2 });
    expect((await get(t.app, '/v1/public/compilations/zima/')).json().count).toBe(2);
    expect((await get(t.app, '/v1/public/products/?compilation=zima')).json().count).toBe(2);

    expect((await patch(t.app, `/v1/admin/compilations/${id}/`, staff.auth, { published: false })).statusCode).toBe(
      200,
    );
    expect(await slugs()).not.toContain('zima');
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/admin/compilations/${id}/`, headers: staff.auth });
    expect(del.statusCode).toBe(204);
    expect((await get(t.app, `/v1/admin/compilations/${id}/`, staff.auth)).statusCode).toBe(404);

    const audit = (await get(t.app, `/v1/admin/audit/?action=compilation.update&object_id=${id}`, staff.auth)).json();
    expect(audit.results.map((r: { details: { change: string } }) => r.details.change)).toEqual([
      'delete',
      'unpublish',
      'edit',
      'edit',
      'publish',
      'create',
    ]);
  });
});
