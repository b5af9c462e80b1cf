import type { Browser } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { localizePath } from '../shared/languages';
import { BROWSER_LOCALES, collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

/** Issue 63, "Numbers first": on a 390 × 844 phone the numbers come before the filters. */

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

const PHONE = { width: 390, height: 844 };
/** The seeded tariff the visitor comes with, by its name in each language. */
const OQ_PLUS = { en: 'Oq Plus', ru: 'Oq Плюс' };

describe('/numbers on a 390 × 844 phone', () => {
  it.each(['en', 'ru'] as const)(
    'shows the first number card on the first screen and opens the other filters as a dialog (%s)',
    async (lang) => {
      const c = CATALOGUES[lang];
      const context = await newContext(browser, { locale: BROWSER_LOCALES[lang], viewport: PHONE });
      const page = await context.newPage();
      const problems = collectProblems(page);
      // With a tariff carried from the tariffs page: its chip is part of the first screen too.
      await page.goto(`${site.origin}${localizePath('/numbers', lang)}?tariff=oq-plus&endsWith=7`);
      await waitForHydration(page);
      await page.getByRole('link', { name: c.numbers.chips.removeTariff.replace('{{name}}', OQ_PLUS[lang]) }).waitFor();
      const card = (await page.locator('.number-card').first().boundingBox())!;
      expect(card.y + card.height).toBeLessThanOrEqual(PHONE.height);

      // The dialog's button, once its chunk is there (the <details> before it opens inline).
      const opener = page.locator('button[aria-haspopup="dialog"]', { hasText: c.numbers.filters.moreCount.replace('{{count}}', '1') });
      await opener.click();
      const sheet = page.getByRole('dialog', { name: c.numbers.filters.more });
      await sheet.waitFor();
      expect(await sheet.getByRole('textbox', { name: c.numbers.filters.endsWith }).inputValue()).toBe('7');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

      // The auctions, after the results and the watches, are one tap away.
      await page.getByRole('link', { name: new RegExp(`^${c.numbers.auctions.link}`) }).click();
      await page.waitForURL(/#auction-section-title$/);
      const heading = page.getByRole('heading', { name: c.auction.title, exact: true });
      await page.waitForFunction(() => Math.abs(document.getElementById('auction-section-title')!.getBoundingClientRect().top) < 100);
      expect(await heading.isVisible()).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
