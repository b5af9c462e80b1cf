import type { Browser, Page } from 'playwright-core';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import type { NumberList } from '../shared/api-types';
import { localizePath, type Language } from '../shared/languages';
import { collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

/** Issue 33: near matches and the date search, with and without JavaScript, in three languages. */

const TEXTS = { ru, en, uz } as const;
const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', uz: 'uz-UZ' };
/** An ending no demo number has: only near matches answer it. */
const WISH = '1234567';

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

/** A free number whose last four digits read as a day and a month (DDMM), and that date. */
let dated: { number: string; date: string };
beforeAll(() => {
  for (let page = 1; !dated; page++) {
    const read = site.app.locals.api!.read('numbers', 'en', { page: String(page), pageSize: '100' });
    if (!read.ok || read.value.items.length === 0) throw new Error('no number reads as a date');
    const found = read.value.items.find((n) => {
      const [dd, mm] = [Number(n.number.slice(-4, -2)), Number(n.number.slice(-2))];
      return dd >= 1 && dd <= 28 && mm >= 1 && mm <= 12;
    });
    if (found) dated = { number: found.number, date: `${found.number.slice(-4, -2)}.${found.number.slice(-2)}.1999` };
  }
});

/** The subscriber digits of a card's number, and the places its marks stand on. */
async function marksOf(page: Page, card: ReturnType<Page['locator']>): Promise<{ digits: string; marked: number[] }> {
  return card.locator('.number-card__number').evaluate((element) => {
    let digits = '';
    const marked: number[] = [];
    for (const node of element.childNodes) {
      if (node instanceof HTMLElement && node.classList.contains('visually-hidden')) continue;
      for (const char of node.textContent ?? '') {
        if (!/\d/.test(char)) continue;
        if (node instanceof HTMLElement && node.tagName === 'MARK') marked.push(digits.length);
        digits += char;
      }
    }
    const subscriber = digits.slice(-7);
    return { digits: subscriber, marked: marked.map((at) => at - (digits.length - 7)) };
  });
}

describe.each(['en', 'ru', 'uz'] as const)('the number search in %s', (lang) => {
  const c = TEXTS[lang];

  it('shows near matches under “Close to your wish”, their differing digits marked', async () => {
    const context = await newContext(browser, { locale: LOCALES[lang] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: c.numbers.filters.endsWith }).fill(WISH);
    await page.getByRole('button', { name: c.numbers.filters.submit }).click();
    const near = page.getByRole('region', { name: c.numbers.results.nearTitle });
    await near.waitFor();
    const cards = near.locator('.number-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of (await cards.all()).slice(0, 5)) {
      const { digits, marked } = await marksOf(page, card);
      const differs = [...WISH].flatMap((d, p) => (digits[p] !== d ? [p] : []));
      expect({ digits, marked }).toEqual({ digits, marked: differs });
      expect(marked.length).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds a number holding a date, and says in which form', async () => {
    const context = await newContext(browser, { locale: LOCALES[lang] });
    const page = await context.newPage();
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: c.numbers.filters.date }).fill(dated.date);
    await page.getByRole('button', { name: c.numbers.filters.submit }).click();
    await page.waitForURL(/date=/);
    await page.locator('.number-card__date').first().waitFor();
    const formatted = (
      site.app.locals.api!.read('numbers', 'en', { date: dated.date, pageSize: '100' }) as { value: NumberList }
    ).value.items.find((n) => n.number === dated.number)!;
    const card = page.locator('.number-card', { hasText: formatted.formatted });
    await card.waitFor();
    const form = c.numbers.results.dateForms[formatted.dateForm!];
    expect(await card.getByText(c.numbers.results.dateForm.replace('{{form}}', form)).count()).toBe(1);
    await context.close();
  });

  it('without JavaScript, answers the near-match and date searches as GET forms', async () => {
    const context = await newContext(browser, { locale: LOCALES[lang], javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}`);
    await page.getByRole('textbox', { name: c.numbers.filters.endsWith }).fill(WISH);
    await page.getByRole('button', { name: c.numbers.filters.submit }).click();
    await page.waitForURL(/endsWith=1234567/);
    const near = page.getByRole('region', { name: c.numbers.results.nearTitle });
    expect(await near.locator('.number-card mark').count()).toBeGreaterThan(0);

    await page.getByRole('textbox', { name: c.numbers.filters.endsWith }).fill('');
    await page.getByRole('textbox', { name: c.numbers.filters.date }).fill(dated.date);
    await page.getByRole('button', { name: c.numbers.filters.submit }).click();
    await page.waitForURL(/date=/);
    expect(await page.locator('.number-card__date').count()).toBeGreaterThan(0);
    // A bad date gets the API's words for it, in the page's language.
    await page.getByRole('textbox', { name: c.numbers.filters.date }).fill('31.02.1990');
    await page.getByRole('button', { name: c.numbers.filters.submit }).click();
    await page.waitForURL(/date=31/);
    const { API_MESSAGES } = await import('../server/api/messages');
    await page.getByText(API_MESSAGES[lang].errors.invalidDate, { exact: true }).waitFor();
    await context.close();
  });
});
