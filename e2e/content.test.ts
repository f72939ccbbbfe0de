import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable } from './helpers.js';

// Every content page the footer links to is server-rendered with its own title and a canonical link.
const PAGES: [string, string][] = [
  ['/about', 'О Витрине'],
  ['/how-buy', 'Как купить'],
  ['/how-sell', 'Как продать'],
  ['/garanties', 'Гарантии'],
  ['/faq', 'Вопросы и ответы'],
  ['/sizes', 'Таблица размеров'],
  ['/blog', 'Журнал'],
  ['/blog/kak-otlichit-original', 'Как отличить оригинал'],
  ['/jobs', 'Вакансии'],
  ['/jobs/frontend-developer', 'Фронтенд-разработчик'],
];

describe.runIf(browserAvailable())('content pages', () => {
  it.each(PAGES)('%s renders on the server', async (path, heading) => {
    const res = await fetch(baseURL() + path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title"/);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await fetch(`${baseURL()}/blog/no-such-article`);
    expect(res.status).toBe(404);
  });
});
