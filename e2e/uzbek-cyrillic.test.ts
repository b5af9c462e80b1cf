import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { localizePath } from '../shared/languages';
import { PATHS } from '../shared/paths';
import { toUzbekCyrillic } from '../shared/uzbek-cyrillic';
import {
  axeViolations,
  BROWSER_LOCALES,
  collectProblems,
  newContext,
  newestNewsSlug,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
} from './support';

let site: Site;
let browser: Browser;
let slug: string;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));
beforeAll(async () => {
  slug = await newestNewsSlug(site);
});

/**
 * Everything a reader of the page meets as text: the title, every rendered text node (screen
 * reader-only ones too) and the texts of attributes that are read or shown (alt, placeholder,
 * aria-label, title). Walks the DOM as Chromium rendered and hydrated it. Left out: the logotype,
 * marked `translate="no"` (HTML's mark of a name no translation touches), and text marked with a
 * `lang` of its own (each language's name in the switcher).
 */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Shown, this page's own text: not in a script or a template, not the logotype, and not marked
    // as another language (the switcher's Русский, English, Oʻzbekcha).
    const isPageText = (element: Element) =>
      !element.closest('script, style, noscript, template, [translate="no"]') &&
      element.closest('[lang]') === document.documentElement &&
      element.checkVisibility();
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && isPageText(node.parentElement) && node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const element of document.body.querySelectorAll('[alt], [placeholder], [aria-label], [title]')) {
      if (!isPageText(element)) continue;
      for (const name of ['alt', 'placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name);
        if (value?.trim()) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * The Latin words of a text that are not there by design. The transliteration keeps, by design,
 * listed brand names, URLs, e-mail addresses, codes with digits and masks: a text it leaves as it
 * is holds nothing else in Latin. A text it would change reached the page untransliterated.
 */
function strayLatin(text: string): string[] {
  if (toUzbekCyrillic(text) === text) return [];
  const words = [...new Set(text.match(/[A-Za-z][A-Za-z'ʻʼ’`‘]*/g) ?? [])].filter((word) => toUzbekCyrillic(word) !== word);
  return words.length > 0 ? words : [text];
}

describe('Uzbek in Cyrillic, page by page', () => {
  it('writes every page under /uz-cyrl in Cyrillic: no Latin letter but brand names, addresses and codes; no axe violation', async () => {
    const context = await newContext(browser, { locale: BROWSER_LOCALES['uz-cyrl'] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const stray: string[] = [];
    const violations: string[] = [];
    for (const path of Object.values(PATHS)) {
      const url = localizePath(path.replace(':slug', slug), 'uz-cyrl');
      const response = await page.goto(`${site.origin}${url}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('uz-Cyrl');
      for (const text of await shownTexts(page)) {
        const words = strayLatin(text);
        if (words.length > 0) stray.push(`${url}: ${words.join(', ')} in “${text.trim().slice(0, 120)}”`);
      }
      for (const violation of await axeViolations(page, { serious: true })) violations.push(`${url}: ${violation}`);
    }
    expect(stray).toEqual([]);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names the two Uzbek scripts apart in the switcher, and switching keeps the page', async () => {
    const context = await newContext(browser, { locale: BROWSER_LOCALES['uz-cyrl'] });
    const page = await context.newPage();
    await page.goto(`${site.origin}/uz/about`);
    await waitForHydration(page);
    const switcher = page.locator('.lang-switcher').first();
    expect(await switcher.locator('[aria-current="true"]').textContent()).toBe('Oʻzbekcha');
    await switcher.getByRole('link', { name: 'Ўзбекча' }).click();
    await page.waitForURL(`${site.origin}/uz-cyrl/about`);
    await page.getByRole('heading', { level: 1, name: CATALOGUES['uz-cyrl'].pages.about.title }).waitFor();
    expect(await switcher.locator('[aria-current="true"]').textContent()).toBe('Ўзбекча');
    expect(await switcher.getByRole('link', { name: 'Oʻzbekcha' }).getAttribute('href')).toBe('/uz/about');
    expect(await page.evaluate(() => document.cookie)).toContain('lang=uz-cyrl');
    await context.close();
  });
});
