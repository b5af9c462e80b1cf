import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, LANGUAGE_TAG, localizePath } from '../shared/languages';
import { PATHS } from '../shared/paths';
import {
  activeLot,
  axeViolations,
  collectProblems,
  newContext,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
  newestNewsSlug,
} from './support';

let site: Site;
let browser: Browser;
let slug: string;
let lotId: string;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));
beforeAll(async () => {
  slug = await newestNewsSlug(site);
  lotId = (await activeLot(site)).id;
});

const seriousViolations = (page: Page) => axeViolations(page, { serious: true });

// Each sweep over every page is also that language's hydration check (no hydration warning, no
// console error, the CSP kept: axe runs without bypassing it); Uzbek's are in foundation.test.ts
// and uzbek-cyrillic.test.ts.
describe.each([
  ['light', 'ru'],
  ['dark', 'en'],
] as const)('accessibility in %s mode (%s)', (mode, lang) => {
  it("has no serious or critical axe violation on any page, a live lot's page included, and hydrates each cleanly", async () => {
    const context = await newContext(browser, { colorScheme: mode });
    await context.route(
      (url) => !url.href.startsWith(site.origin),
      (route) => route.abort('connectionrefused'),
    );
    const page = await context.newPage();
    const problems = collectProblems(page);
    const found: string[] = [];
    // Every page, and a lot's page (`/numbers?lot=`: its countdown, facts and bid form).
    const paths = [...Object.values(PATHS).map((path) => path.replace(':slug', slug)), `${PATHS.numbers}?lot=${lotId}`];
    for (const path of paths) {
      const url = localizePath(path, lang);
      const response = await page.goto(`${site.origin}${url}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
      expect(await page.getAttribute('html', 'lang')).toBe(LANGUAGE_TAG[lang]);
      for (const violation of await seriousViolations(page)) found.push(`${url}: ${violation}`);
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('keyboard use', () => {
  it('reaches the skip link, the navigation and the switchers with a visible focus', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    const seen: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return { text: (el.textContent || el.getAttribute('aria-label') || '').trim(), visible };
      });
      if (!focus) continue;
      expect(focus.visible).toBe(true);
      seen.push(focus.text);
    }
    expect(seen[0]).toBe('Skip to content');
    expect(seen).toEqual(expect.arrayContaining(['News', 'About', 'Oʻzbekcha', 'Ўзбекча', 'Dark']));
    await context.close();
  });

  it('switches the colour mode and follows the skip link by keyboard alone', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Dark' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.keyboard.press('Space');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    await context.close();
  });

  it('keeps every language version of the home page reachable with the same landmarks', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const lang of LANGUAGES) {
      await page.goto(`${site.origin}${localizePath('/', lang)}`);
      await waitForHydration(page);
      expect(await page.locator('main#main').count()).toBe(1);
      expect(await page.locator('header.site-header nav').count()).toBeGreaterThan(0);
      expect(await page.locator('h1').count()).toBe(1);
    }
    await context.close();
  });
});
