import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { LANGUAGES, localizePath } from '../shared/languages';
import { BROWSER_LOCALES, collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

const PHONES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
];

/**
 * What sticks out of the viewport on the right in the open menu: each element whose box ends past
 * the viewport's width, and whether the menu's panel or the document scroll sideways.
 */
function overflowOfOpenMenu(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const panel = document.querySelector<HTMLElement>('.site-menu[open] .site-menu__panel');
    if (!panel) return ['no open menu'];
    const beyond = [...panel.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${element.className} ends at ${Math.round(element.getBoundingClientRect().right)}`,
      );
    if (panel.scrollWidth > panel.clientWidth) beyond.push(`panel scrolls: ${panel.scrollWidth} > ${panel.clientWidth}`);
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) beyond.push(`document scrolls: ${root.scrollWidth} > ${root.clientWidth}`);
    return beyond;
  });
}

describe('on a phone', () => {
  it('the open menu fits 320 and 390 px in every language: nothing in it ends beyond the viewport', async () => {
    const context = await newContext(browser, { locale: BROWSER_LOCALES.en, viewport: PHONES[0] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    for (const lang of LANGUAGES) {
      const c = CATALOGUES[lang];
      await page.setViewportSize(PHONES[0]);
      await page.goto(`${site.origin}${localizePath('/news', lang)}`);
      await waitForHydration(page);
      await page.getByText(c.siteMenu.button, { exact: true }).click();
      await page.getByRole('navigation', { name: c.siteMenu.mainNavigation }).waitFor();
      for (const viewport of PHONES) {
        await page.setViewportSize(viewport);
        expect({ lang, width: viewport.width, beyond: await overflowOfOpenMenu(page) }).toEqual({
          lang,
          width: viewport.width,
          beyond: [],
        });
        expect(await page.getByRole('group', { name: c.common.colourMode.label }).isVisible()).toBe(true);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a number card’s “Reserved for you” badge at 390 px does not cover the number’s digits', async () => {
    const c = CATALOGUES.en;
    const context = await newContext(browser, { locale: BROWSER_LOCALES.en, viewport: PHONES[1] });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    const card = page.locator('.number-card').first();
    await card.getByRole('button').click();
    const badge = card.getByText(c.numbers.results.yours, { exact: true });
    await badge.waitFor();
    const boxes = await card.evaluate((element) => {
      const digits = document.createRange();
      digits.selectNodeContents(element.querySelector('.number-card__number')!);
      const box = (rect: DOMRect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      return { digits: box(digits.getBoundingClientRect()), badge: box(element.querySelector('.badge--mine')!.getBoundingClientRect()) };
    });
    const intersect =
      boxes.digits.left < boxes.badge.right &&
      boxes.badge.left < boxes.digits.right &&
      boxes.digits.top < boxes.badge.bottom &&
      boxes.badge.top < boxes.digits.bottom;
    expect({ ...boxes, intersect }).toEqual({ ...boxes, intersect: false });
    expect(boxes.digits.right).toBeLessThanOrEqual(PHONES[1].width);
    await context.close();
  });
});
