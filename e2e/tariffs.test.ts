import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TariffQuote } from '../shared/api-types';
import { tariffChoiceFromQuery } from '../shared/tariff-choice';
import { collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

const SCREENSHOTS = path.join(__dirname, 'screenshots');

let site: Site;
let browser: Browser;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));
beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

/** The sum the constructor's price region shows (`65,000 UZS` -> 65000). */
async function shownPrice(page: Page, testId: 'monthly-price' | 'first-months-price'): Promise<number> {
  const text = await page.getByTestId('constructor-price').getByTestId(testId).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/** What the API charges for the configuration in the page's URL. */
async function quoteOfUrl(page: Page): Promise<TariffQuote> {
  const query = new URL(page.url()).searchParams;
  query.delete('tariff');
  const response = await fetch(`${site.origin}/api/v1/tariff-constructor/quote?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TariffQuote;
}

async function waitForPriceOtherThan(page: Page, previous: number): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector('[data-testid="constructor-price"] [data-testid="monthly-price"]')?.textContent ?? '';
      return Number(text.replace(/\D/g, '')) !== before;
    },
    previous,
    { timeout: 10_000 },
  );
}

describe('the tariff constructor', () => {
  it('changes the price at once with each control, as the API quotes it, keeps it in the URL and over a reload, and carries it to /numbers', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/constructor`);
    await waitForHydration(page);
    let price = await shownPrice(page, 'monthly-price');
    expect(price).toBe(65_000);

    const changes: Array<{ name: string; change: () => Promise<void>; query: [string, string | null] }> = [
      { name: 'internet by touch', change: () => page.getByRole('radio', { name: '50 GB' }).click(), query: ['internetGb', '50'] },
      {
        name: 'internet by keyboard',
        change: async () => {
          await page.getByRole('radio', { name: '50 GB' }).focus();
          await page.keyboard.press('ArrowRight');
        },
        query: ['internetGb', '100'],
      },
      { name: 'minutes', change: () => page.getByRole('radio', { name: '1,000 min' }).click(), query: ['minutes', '1000'] },
      { name: 'SMS', change: () => page.getByRole('radio', { name: '3,000 SMS' }).click(), query: ['sms', '3000'] },
      {
        name: 'night internet',
        change: () => page.getByRole('checkbox', { name: /Night internet/ }).click(),
        query: ['nightInternet', '1'],
      },
      { name: 'dedicated allowance', change: () => page.getByRole('checkbox', { name: /Telegram/ }).click(), query: ['dedicated', null] },
    ];
    for (const { name, change, query } of changes) {
      await change();
      await waitForPriceOtherThan(page, price);
      await page.waitForURL((url) => url.searchParams.get(query[0]) === query[1]);
      const quote = await quoteOfUrl(page);
      price = await shownPrice(page, 'monthly-price');
      expect({ control: name, monthly: price, firstMonths: await shownPrice(page, 'first-months-price') }).toEqual({
        control: name,
        monthly: quote.monthlyPrice,
        firstMonths: quote.firstMonthsPrice,
      });
    }
    expect(new URL(page.url()).pathname).toBe('/en/constructor');

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('radio', { name: '100 GB' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '1,000 min' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '3,000 SMS' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Night internet/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Telegram/ }).isChecked()).toBe(false);
    expect(await shownPrice(page, 'monthly-price')).toBe(price);
    expect(problems).toEqual([]);

    await page.getByRole('button', { name: 'Choose a number' }).click();
    await page.waitForURL((url) => url.pathname === '/en/numbers');
    expect(tariffChoiceFromQuery(new URL(page.url()).searchParams)).toEqual({
      type: 'constructor',
      internetGb: 100,
      minutes: 1000,
      sms: 3000,
      nightInternet: true,
      dedicated: false,
    });
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
    expect(events).toContainEqual({ event: 'form_sendID', formId: 'tariff-constructor' });
    await context.close();
  });

  it('works as a plain form without JavaScript: "Update price" re-renders, "Choose a number" carries the choice', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/constructor`);
    await page.getByRole('radio', { name: '200 GB' }).check();
    await page.getByRole('checkbox', { name: /Night internet/ }).check();
    await page.getByRole('button', { name: 'Update price' }).click();
    await page.waitForURL((url) => url.searchParams.get('internetGb') === '200');
    const quote = await quoteOfUrl(page);
    expect(quote.selection).toMatchObject({ internetGb: 200, nightInternet: true, dedicated: true });
    expect(await shownPrice(page, 'monthly-price')).toBe(quote.monthlyPrice);
    expect(await shownPrice(page, 'first-months-price')).toBe(quote.firstMonthsPrice);

    await page.getByRole('button', { name: 'Choose a number' }).click();
    await page.waitForURL((url) => url.pathname === '/en/numbers');
    expect(tariffChoiceFromQuery(new URL(page.url()).searchParams)).toEqual({ type: 'constructor', ...quote.selection });
    await context.close();
  });
});

describe('the ready tariffs', () => {
  it('compare two or three side by side from the URL, and "Choose" carries the tariff to /numbers', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/specificTariffs`);
    await waitForHydration(page);
    await page.getByRole('checkbox', { name: 'Compare Oq Max' }).check();
    await page.waitForURL((url) => url.searchParams.get('compare') === 'oq-max');
    await page.getByText('Tick one more tariff').waitFor();
    await page.getByRole('checkbox', { name: 'Compare Oq Start' }).check();
    await page.waitForURL((url) => url.searchParams.get('compare') === 'oq-start,oq-max');
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Oq Max' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Oq Start', 'Oq Max']);
    expect(await table.getByRole('row', { name: /Subscription fee/ }).textContent()).toContain('119,000');

    await page.getByRole('checkbox', { name: 'Compare Oq Smart' }).check();
    await page.waitForURL((url) => url.searchParams.get('compare') === 'oq-start,oq-smart,oq-max');
    expect(await page.getByRole('checkbox', { name: 'Compare Oq Plus' }).isDisabled()).toBe(true);

    // A reload is rendered by the server from the same URL.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('table').getByRole('columnheader').allTextContents()).toEqual(['Oq Start', 'Oq Smart', 'Oq Max']);
    expect(problems).toEqual([]);

    await page.getByRole('table').getByRole('link', { name: 'Choose Oq Max' }).click();
    await page.waitForURL((url) => url.pathname === '/en/numbers');
    expect(tariffChoiceFromQuery(new URL(page.url()).searchParams)).toEqual({ type: 'ready', id: 'oq-max' });
    await context.close();
  });
});

describe('the home page', () => {
  it('shows every section to a visitor without JavaScript', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/uz`);
    await page.getByRole('heading', { level: 1, name: 'Oq ga xush kelibsiz' }).waitFor();
    for (const name of [
      'Tayyor tariflar',
      'Oʻz tarifingizni yigʻing',
      'Chiroyli raqamlar',
      'eSIM yoki SIM-karta',
      'Soʻnggi yangiliklar',
      'Savdo nuqtalari',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Oq Smart tarifini tanlash' }).getAttribute('href')).toBe('/uz/numbers?tariff=oq-smart');
    await context.close();
  });
});

const SHOTS = [
  { name: 'home', path: '/' },
  { name: 'constructor', path: '/constructor?internetGb=30&minutes=700&sms=500&nightInternet=1&dedicated=1' },
  { name: 'specific-tariffs', path: '/specificTariffs?compare=oq-start,oq-smart,oq-max' },
];

describe.each([
  [360, 'light'],
  [360, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const)('at %i px in %s', (width, colorScheme) => {
  it('the three pages fit the width and are captured to e2e/screenshots', async () => {
    const context = await newContext(browser, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.emulateMedia({ colorScheme });
    for (const shot of SHOTS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${site.origin}${shot.path}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A viewport as tall as the page: lazy images load and sticky parts sit where they belong.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height });
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
      await page.screenshot({ path: path.join(SCREENSHOTS, `${shot.name}-${width}-${colorScheme}.png`) });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
