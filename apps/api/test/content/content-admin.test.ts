/**
 * Content pages in the database: seeded with the site's texts; staff read and change them
 * (`GET/PUT /v1/admin/content/{slug}/`, 401/403 before the body, audit `content.update`); hostile Markdown is
 * sanitised; the change shows on the public call of both processes at once (micro-caches purged over the fan-out);
 * the FAQ's questions come from the stored text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbAvailable, REAL_TIME_MS, secondProcess, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { get, makeStaff } from '../admin/fixtures.js';
import { seedContent } from '../../src/modules/content/index.js';

const put = (app: FastifyInstance, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method: 'PUT', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const HOSTILE = `## Вопрос <img src=x onerror="alert(1)">

<script>alert('x')</script>
Текст [ссылка](javascript:alert(1)) и [данные](data:text/html;base64,PHNjcmlwdD4=) и [наша](/garanties)
<a href="JAVASCRIPT:alert(2)" onclick="steal()">ещё</a> <iframe src="https://evil.example"></iframe>
[внешняя](https://example.org)

<div style="background:url(x)" onmouseover="x()">блок</div> <svg onload="alert(3)"></svg>
`;

describe.runIf(dbAvailable())('content pages', () => {
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let staff: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '3000' });
    other = await secondProcess(t);
    await seedContent(t.app.db);
    await seedContent(t.app.db); // twice: a second start changes nothing
    staff = await makeStaff(t.app);
    buyer = await makeUser(t.app, 'Анна');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('serves the seeded pages rendered, with the FAQ questions and a 404 for an unknown page', async () => {
    for (const slug of ['about', 'faq', 'garanties', 'how-buy', 'how-sell', 'sizes']) {
      const res = await get(t.app, `/v1/public/content/${slug}/`);
      expect(res.statusCode, slug).toBe(200);
      expect(res.json().html, slug).toMatch(/<p>/);
    }
    const faq = (await get(t.app, '/v1/public/content/faq/')).json();
    expect(faq.title).toBe('Вопросы и ответы');
    expect(faq.faq.length).toBeGreaterThanOrEqual(8);
    expect(faq.faq[0]).toEqual({
      question: 'Как войти?',
      answer_html: '<p>По номеру телефона: нажмите «Войти», введите номер и код из SMS. Пароль не нужен.</p>\n',
      answer_text: 'По номеру телефона: нажмите «Войти», введите номер и код из SMS. Пароль не нужен.',
    });
    expect((await get(t.app, '/v1/public/content/about/')).json().html).toContain('<a href="/how-buy">как купить</a>');
    expect((await get(t.app, '/v1/public/content/nope/')).statusCode).toBe(404);
    expect((await get(t.app, '/v1/public/blog/')).json().results).toHaveLength(3);
    expect((await get(t.app, '/v1/public/jobs/frontend-developer/')).json().html).toContain('<li>');
  });

  it('answers 401 and 403 with an empty body on every staff call, before validating it', async () => {
    const calls: [string, string][] = [
      ['GET', '/v1/admin/content/faq/'],
      ['PUT', '/v1/admin/content/faq/'],
      ['POST', '/v1/admin/content/preview/'],
      ['GET', '/v1/admin/entries/'],
      ['POST', '/v1/admin/entries/'],
      ['GET', '/v1/admin/entries/1/'],
      ['PATCH', '/v1/admin/entries/1/'],
      ['POST', '/v1/admin/entries/1/publish/'],
      ['POST', '/v1/admin/entries/1/unpublish/'],
      ['POST', '/v1/admin/entries/1/cover/'],
      ['GET', '/v1/admin/compilations/'],
      ['POST', '/v1/admin/compilations/'],
      ['GET', '/v1/admin/compilations/1/'],
      ['PATCH', '/v1/admin/compilations/1/'],
      ['DELETE', '/v1/admin/compilations/1/'],
      ['POST', '/v1/admin/compilations/1/cover/'],
    ];
    for (const [method, url] of calls) {
      const anon = await t.app.inject({ method: method as 'GET', url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const denied = await t.app.inject({ method: method as 'GET', url, headers: buyer.auth });
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().detail).toBe('Этот раздел только для сотрудников Витрины.');
    }
  });

  it('sanitises hostile Markdown: no script, handlers, style, iframes, javascript: or data: links', async () => {
    const saved = await put(t.app, '/v1/admin/content/about/', staff.auth, { title: 'О нас', body_markdown: HOSTILE });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const html of [saved.json().html, (await get(t.app, '/v1/public/content/about/')).json().html]) {
      expect(html).not.toMatch(/<script|<iframe|<svg|<img|<div|onerror|onclick|onload|onmouseover|style=/i);
      expect(html).not.toMatch(/javascript:|data:/i);
      expect(html).toContain('<a href="/garanties">наша</a>');
      expect(html).toContain('<a href="https://example.org" rel="noopener nofollow" target="_blank">внешняя</a>');
      expect(html).toContain('<h2>Вопрос </h2>');
    }
    const preview = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/content/preview/',
      headers: staff.auth,
      payload: { body_markdown: HOSTILE },
    });
    expect(preview.json().html).toBe(saved.json().html);
  });

  it('validates the body naming the field', async () => {
    const empty = await put(t.app, '/v1/admin/content/faq/', staff.auth, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['body_markdown', 'title']);
    const blank = await put(t.app, '/v1/admin/content/faq/', staff.auth, { title: ' ', body_markdown: 'x' });
    expect(blank.json()).toEqual({ title: ['Укажите заголовок.'] });
    expect(
      (await put(t.app, '/v1/admin/content/nope/', staff.auth, { title: 'x', body_markdown: '' })).statusCode,
    ).toBe(404);
  });

  it('shows a change on both processes at once, derives the FAQ from it, and writes the audit row', async () => {
    const faqOf = async (app: FastifyInstance) =>
      (await get(app, '/v1/public/content/faq/')).json() as { faq: { question: string; answer_text: string }[] };
    // Both processes keep the old answer in their micro-cache.
    expect((await faqOf(t.app)).faq[0]!.question).toBe('Как войти?');
    expect((await faqOf(other.app)).faq[0]!.question).toBe('Как войти?');

    const body = '## Можно ли примерить?\n\nДа, в пункте выдачи **до оплаты** нельзя, после — да.\n';
    const saved = await put(t.app, '/v1/admin/content/faq/', staff.auth, {
      title: 'Вопросы и ответы',
      body_markdown: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().body_markdown).toBe(body);

    const until = Date.now() + REAL_TIME_MS;
    let got: string[];
    for (;;) {
      got = [(await faqOf(t.app)).faq[0]!.question, (await faqOf(other.app)).faq[0]!.question];
      if (got.every((q) => q === 'Можно ли примерить?') || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(got).toEqual(['Можно ли примерить?', 'Можно ли примерить?']);
    expect((await faqOf(other.app)).faq[0]!.answer_text).toBe('Да, в пункте выдачи до оплаты нельзя, после — да.');

    const audit = (await get(t.app, '/v1/admin/audit/?action=content.update&object_id=faq', staff.auth)).json();
    expect(audit.results[0]).toMatchObject({
      action: 'content.update',
      object_type: 'content',
      object_id: 'faq',
      staff: { id: staff.id },
      details: { title: 'Вопросы и ответы', length: body.length },
    });
    // The admin read shows the stored Markdown.
    expect((await get(t.app, '/v1/admin/content/faq/', staff.auth)).json().body_markdown).toBe(body);
  });
});
