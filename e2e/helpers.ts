/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core (no browser download), pages at
 * phone (360 px) or desktop (1440 px) width, and sign-in through the dev SMS outbox.
 *
 * Every page made by `newPage` (and every page its context opens later: the test bank, popups) is watched:
 * an uncaught page error, a `console.error` (Chromium also reports failed resource loads and blocked
 * content there) or a Content-Security-Policy violation fails the test that was running, after it ends.
 * A test that provokes such a message on purpose says so with `allowPageProblem(page, pattern, reason)`.
 * Trouble the app expects (a dropped socket, a reload after a new build) is `console.warn`, not an error.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromiumPath } from '../scripts/chromium-path.mjs';

export { screenshot } from './screenshot.js';

export const browserAvailable = () => existsSync(chromiumPath());
/**
 * This worker's server (e2e/global-setup.ts starts one per worker; `VITEST_POOL_ID` is the worker's number,
 * 1 … maxWorkers, and stays with it for every file the worker runs), e.g. `http://127.0.0.1:41234`.
 */
export const baseURL = (): string => {
  const urls = inject('baseURLs');
  const id = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(id - 1) % urls.length]!;
};

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * One browser for the tests of the `describe` block that calls it: launched before them (after making the folders
 * `dirs`, for screenshots), closed after them.
 * @returns the browser; call it in a test or a later hook (it throws before the launch)
 */
export function useBrowser(...dirs: string[]): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    for (const dir of dirs) mkdirSync(dir, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: use it in a test.');
    return browser;
  };
}

/**
 * A fresh context (empty storage) and page at `width` px, with baseURL set. Watched (see above) and closed
 * at the end of the current test at the latest: make pages inside the test, not in `beforeAll`.
 */
export async function newPage(
  browser: Browser,
  width: 360 | 1440 = 1440,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height: width === 360 ? 780 : 900 },
    locale: 'ru-RU',
    isMobile: width === 360,
    hasTouch: width === 360,
  });
  await watch(context);
  const page = await context.newPage();
  interactiveGoto(page);
  return { context, page };
}

/**
 * Makes `page.goto` and `page.reload` (waiting for `load`, as by default) also wait until the shop's page is hydrated: its code
 * starts after the first paint (apps/web/app/shared/lib/deferred-scripts.ts), so `load` no longer includes it,
 * and a test pressing a button at machine speed would press it before React listens. A person sees the page
 * first as well; the tests of what works before hydration load their pages with another `waitUntil`.
 */
function interactiveGoto(page: Page): void {
  const settle = async (waitUntil: string | undefined) => {
    if (waitUntil && waitUntil !== 'load') return;
    // Only the shop's own pages carry the deferred preloads (until hydration removes them).
    if (await page.locator('link[data-rel="modulepreload"], html[data-hydrated]').count()) await interactive(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(options?.waitUntil);
    return response;
  };
}

/** Waits until the page is hydrated (`<html data-hydrated>`, set by the root's first effect). */
export async function interactive(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * A fresh page at `width` px (see `newPage`) already signed in with `token`, the cookie notice accepted —
 * for tests whose subject is not the sign-in itself.
 */
export async function signedInPage(browser: Browser, token: string, width: 360 | 1440 = 1440): Promise<Page> {
  const { page, context } = await newPage(browser, width);
  await context.addInitScript((t) => {
    localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 }));
    localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 }));
  }, token);
  return page;
}

interface Allowance {
  pattern: RegExp;
  reason: string;
}

/** What a watched context reported during the current test. */
interface Watched {
  context: BrowserContext;
  problems: string[];
  allowed: Allowance[];
}

const watchedContexts: Watched[] = [];

/**
 * Messages every test may cause, each with its reason. Keep this list short: a message the app can avoid is
 * a bug to fix, and one a single test provokes belongs to that test (`allowPageProblem`).
 */
const ALLOWED_EVERYWHERE: Allowance[] = [];

/** The text a CSP violation is reported with (init script below); the helper's own console.error. */
const CSP_MARK = 'CSP violation:';

async function watch(context: BrowserContext): Promise<void> {
  const w: Watched = { context, problems: [], allowed: [] };
  watchedContexts.push(w);
  // Runs before any page script, in every frame and document of the context; CDP-injected scripts are not
  // subject to the page's CSP.
  await context.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}` +
          (e.sample ? ` («${e.sample}»)` : ''),
      );
    });
  }, CSP_MARK);
  const onPage = (page: Page) => {
    const where = () => {
      try {
        return new URL(page.url()).pathname;
      } catch {
        return page.url();
      }
    };
    page.on('pageerror', (err) => w.problems.push(`page error on ${where()}: ${err.stack ?? err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      const at = loc.url ? ` (${loc.url}${loc.lineNumber ? `:${loc.lineNumber}` : ''})` : '';
      w.problems.push(`console.error on ${where()}: ${msg.text()}${at}`);
    });
  };
  context.on('page', onPage);
}

/** What `page`'s context has reported so far in this test (allowed or not). */
export function pageProblems(page: Page): string[] {
  return [...(watchedContexts.find((x) => x.context === page.context())?.problems ?? [])];
}

/**
 * Lets one page's context report messages matching `pattern` without failing the test.
 * @param reason why the test provokes them (required: an allowance without a reason is not allowed)
 */
export function allowPageProblem(page: Page, pattern: RegExp, reason: string): void {
  if (!reason.trim()) throw new Error('allowPageProblem needs a reason');
  const w = watchedContexts.find((x) => x.context === page.context());
  if (!w) throw new Error('allowPageProblem: the page was not made by newPage');
  w.allowed.push({ pattern, reason });
}

/**
 * After each test: contexts the test left open are closed (a failed test must not spill its errors into the
 * next one), and the test fails if any watched page reported a problem nobody allowed.
 */
afterEach(async () => {
  const done = watchedContexts.splice(0);
  await Promise.all(done.map((w) => w.context.close().catch(() => undefined)));
  const problems = done.flatMap((w) =>
    w.problems.filter((p) => ![...ALLOWED_EVERYWHERE, ...w.allowed].some((a) => a.pattern.test(p))),
  );
  if (problems.length) {
    throw new Error(
      `The browser reported ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
});

/**
 * Waits until `locator` is visible and has come to rest: its box stayed the same for two animation frames
 * and no finite CSS transition or animation is running on the page any more (Mantine's dialogs, menus and
 * accordions open with one). Use it instead of a fixed pause before a screenshot or a hit test.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  const handle = await locator.elementHandle();
  try {
    await handle!.waitForElementState('stable');
  } finally {
    await handle?.dispose();
  }
  await locator
    .page()
    .waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
}

/** The latest one-time code sent to `phone` (dev outbox). */
export async function latestCode(phone: string): Promise<string> {
  const r = await fetch(`${baseURL()}/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
  const body = (await r.json()) as { results: { code: string }[] };
  return body.results[0]!.code;
}

/**
 * The server's time: its development clock, which another test on the same server may have moved forward days ago
 * (deadlines, resend pauses). A test that compares the shop's dates with «today» reads today here, not from `Date`.
 */
export async function serverNow(): Promise<Date> {
  const r = await fetch(`${baseURL()}/v1/dev/clock/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 0 }),
  });
  return new Date(((await r.json()) as { now: string }).now);
}

/**
 * GETs `path` of the shop's API as a guest (a public list, a listing) and returns its JSON answer, to pick what a
 * browser test opens.
 * @throws when the answer is not a 200
 */
export async function publicJson<T>(path: string): Promise<T> {
  const res = await fetch(baseURL() + path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Holds back the page's requests that `match` accepts until `release()` (then they go on as usual): a chunk, the
 * page's code or an API answer still on its way.
 * @returns `release()` and `held()`, how many such requests have arrived so far
 */
export async function holdRequests(
  page: Page,
  match: (url: URL) => boolean,
): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(match, async (route: Route) => {
    held++;
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release: () => open(), held: () => held };
}

/** Waits until the page is interactive: the cookie notice renders only after hydration; accept it. */
export async function hydrated(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Принять' }).click();
  await notice.waitFor({ state: 'detached' });
}
