import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import uz from '../locales/uz.json';
import { LANGUAGES, localizePath, type Language } from '../shared/languages';
import {
  buildDecisionOnReturn,
  collectProblems,
  holdRequests,
  countDocumentLoads,
  newContext,
  waitForBrowserServices,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
  startSite,
} from './support';

const TEXTS = CATALOGUES;
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'client', 'manifest.json'), 'utf8')) as {
  modules: Record<string, { file: string }>;
};

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('after an in-site navigation', () => {
  it('the next page opens at its top with its heading in view and focused, and Back restores the position', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/specificTariffs`);
    await waitForHydration(page);
    const footer = page.getByRole('navigation', { name: en.common.footer.sections });
    await footer.scrollIntoViewIfNeeded();
    const bottom = await scrollY(page);
    expect(bottom).toBeGreaterThan(500);

    await footer.getByRole('link', { name: en.nav.about }).click();
    await page.waitForURL(`${site.origin}/en/about`);
    const heading = page.getByRole('heading', { level: 1, name: en.pages.about.title });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await scrollY(page)).toBe(0);
    expect(
      await heading.evaluate((h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().bottom <= window.innerHeight),
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.pages.about.title);

    await page.goBack();
    await page.waitForURL(`${site.origin}/en/specificTariffs`);
    await page.waitForFunction((y) => Math.round(window.scrollY) === y, bottom);
    expect(await scrollY(page)).toBe(bottom);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps its place after a search that only changes the query', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 1280, height: 600 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    // The end of the filters beside the results (their own button; "Show numbers" is by the digits at the top).
    const search = page.locator('form.number-filters').getByRole('button', { name: en.numbers.filters.apply });
    await search.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(300);
    const endsWith = page.getByRole('textbox', { name: en.numbers.filters.endsWith });
    const count = page.locator('.number-results__count');
    const countBefore = await count.textContent();
    await endsWith.fill('7');
    // Enter in the field, as a visitor typing digits does (a click on the button would have the
    // test tool scroll the button into view first).
    await endsWith.press('Enter');
    await page.waitForURL(/\/en\/numbers\?.*endsWith=7/);
    await page.waitForLoadState('networkidle');
    // The new results are on the page and laid out (on a busy machine React commits them after
    // the network is idle): only then is the page's place final.
    await page.waitForFunction((previous) => document.querySelector('.number-results__count')?.textContent !== previous, countBefore);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Exactly where the search was made: not back at the top, and not moved by the browser's
    // scroll anchoring following a node of the old form or results (it moved the page by about
    // 500 px before the numbers layout opted out of it).
    const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(await scrollY(page)).toBe(Math.min(before, maxScroll));
    expect(
      await endsWith.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      }),
    ).toBe(true);
    await context.close();
  });
});

describe('the header on a 360 px phone', () => {
  it('is one row of at most 64 px whose menu button opens the navigation and switchers by keyboard; Escape, a tap outside and a followed link close it', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/news`);
    await waitForHydration(page);
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await page.getByRole('navigation', { name: en.siteMenu.mainNavigation }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: en.common.mainNavigation, exact: true }).count()).toBe(0);

    const menu = page.getByText(en.siteMenu.button, { exact: true });
    for (let i = 0; i < 5 && !(await menu.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: en.siteMenu.mainNavigation });
    await nav.waitFor();
    expect(await page.getByRole('group', { name: en.common.colourMode.label }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: en.siteMenu.language }).getByRole('link', { name: 'Oʻzbekcha' }).isVisible()).toBe(
      true,
    );
    // The open panel is below the header: the header itself stays short.
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.nav.numbers);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await nav.waitFor();
    // A tap outside the open menu closes it.
    await page.mouse.click(4, 630);
    await nav.waitFor({ state: 'hidden' });

    await menu.click();
    await nav.getByRole('link', { name: en.nav.about }).click();
    await page.waitForURL(`${site.origin}/en/about`);
    await nav.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens its menu without JavaScript too', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 360, height: 640 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/news`);
    await page.getByText(en.siteMenu.button, { exact: true }).click();
    await page.getByRole('navigation', { name: en.siteMenu.mainNavigation }).getByRole('link', { name: en.nav.numbers }).click();
    await page.waitForURL(`${site.origin}/en/numbers`);
    await context.close();
  });

  it('gives way to the row of links and switchers on a 1280 px screen', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/news`);
    expect(await page.getByRole('navigation', { name: en.common.mainNavigation, exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(en.siteMenu.button, { exact: true }).isVisible()).toBe(false);
    await context.close();
  });
});

describe('/oqDay inside the app', () => {
  it.each(LANGUAGES)('keeps the web-view layout, without the site header or footer, when its page fails in %s', async (lang: Language) => {
    const c = TEXTS[lang];
    const context = await newContext(browser, { viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    // The page's chunk cannot load (twice: the guard's one reload does not help): the error page shows.
    await page.route(`**${manifest.modules['client/pages/oq-day/route.tsx']!.file}`, (route) => route.abort('failed'));
    await page.goto(`${site.origin}${localizePath('/oqDay', lang)}`);
    await page.getByRole('heading', { level: 1, name: c.errors.server.title }).waitFor();
    expect(await page.locator('.layout--webview').count()).toBe(1);
    expect(await page.locator('header.site-header, footer.site-footer').count()).toBe(0);
    expect(await page.getByRole('link', { name: c.actions.tryAgain }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('a new build', () => {
  it('reloads a page that stays open when the tab becomes visible again, once, keeping the stored purchase state', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const loads = countDocumentLoads(page);
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    await waitForBrowserServices(page);
    await page.evaluate(() => {
      localStorage.setItem('reservation-token', 'kept-token');
      sessionStorage.setItem('purchase-draft-probe', 'kept-draft');
    });
    await page.route('**/latest.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
    );

    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await reloaded;
    await waitForHydration(page);
    expect(loads.count).toBe(2);
    expect(page.url()).toBe(`${site.origin}/en/numbers`);
    expect(await page.evaluate(() => [localStorage.getItem('reservation-token'), sessionStorage.getItem('purchase-draft-probe')])).toEqual([
      'kept-token',
      'kept-draft',
    ]);

    // The reloaded page still sees a build id other than its own (a stale cache): it finds the
    // build, weighs a reload, and declines it. No second reload.
    expect(await buildDecisionOnReturn(page)).toBe('already-reloaded');
    expect(await page.getAttribute('html', 'data-new-build')).toBe('a-newer-build');
    expect(await buildDecisionOnReturn(page)).toBe('already-reloaded');
    expect(loads.count).toBe(2);
    await context.close();
  });

  it('reloads a visible page left alone for a minute after the periodic check finds the new build', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.clock.install();
    const loads = countDocumentLoads(page);
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    await waitForBrowserServices(page);
    await page.route('**/latest.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
    );
    // The check runs every BUILD_CHECK_INTERVAL_MINUTES (60 by default).
    await page.clock.fastForward(60 * 60_000);
    await page.waitForSelector('html[data-new-build="a-newer-build"]');
    await page.clock.fastForward(30_000);
    expect(loads.count).toBe(1);
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(31_000);
    await reloaded;
    expect(loads.count).toBe(2);
    await context.close();
  });

  it('does not reload a page whose form holds typed input, even input typed before the build checks started', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const loads = countDocumentLoads(page);
    // The build checks load once the browser is idle after hydration; a visitor on a slow phone
    // types before that. Their module is held here until the field is filled.
    const services = await holdRequests(page, '**/assets/chunks/browser-services-*.js');
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    const field = page.getByRole('textbox', { name: en.numbers.filters.mask });
    await field.fill('XXX-YY-YY');
    expect(await page.getAttribute('html', 'data-services')).toBeNull();
    services.release();
    await page.route('**/latest.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
    );

    expect(await buildDecisionOnReturn(page)).toBe('unsaved-input');
    expect(await page.getAttribute('html', 'data-new-build')).toBe('a-newer-build');
    expect(loads.count).toBe(1);
    expect(await field.inputValue()).toBe('XXX-YY-YY');
    await context.close();
  });
});

describe('a page whose API calls fail', () => {
  it('hydrates the error parts the server sent without a problem, and Retry loads the page again', async () => {
    const down = await startSite({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    const context = await newContext(browser, { locale: 'en-US' });
    try {
      for (const [path, message] of [
        ['/en', en.home.news.loadError],
        ['/en/pointsOfSale', en.pointsOfSale.loadError],
        ['/uz/specificTariffs', uz.tariffs.loadError],
        ['/en/numbers?category=gold', en.numbers.results.failed],
      ] as const) {
        const page = await context.newPage();
        const problems = collectProblems(page);
        await page.goto(`${down.origin}${path}`);
        await waitForHydration(page);
        await expect(page.getByText(message).first().isVisible()).resolves.toBe(true);
        const retry = page.getByRole('link', { name: path.startsWith('/uz') ? uz.actions.retry : en.actions.retry }).first();
        expect(await retry.getAttribute('href')).toBe(path);
        const reload = page.waitForEvent('load');
        await retry.click();
        await reload;
        await waitForHydration(page);
        expect(page.url()).toBe(`${down.origin}${path}`);
        await expect(page.getByText(message).first().isVisible()).resolves.toBe(true);
        // The browser's own line for each refused request is not the page's fault; nothing else may be reported.
        expect(problems.filter((problem) => !/Failed to load resource/.test(problem))).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
      await down.stop();
    }
  });
});
