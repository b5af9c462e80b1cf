import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import type { ConstructorOptions, NumberList, PointOfSaleList, TariffQuote } from '../shared/api-types';
import { localizePath, type Language } from '../shared/languages';
import { BOOKING_HANDOFF_COOKIE } from '../shared/booking-handoff';
import { newContext, type Site, withSiteAndBrowser, startSite, waitForHydration } from './support';

/**
 * The forms that need no stored token are plain GET forms: with JavaScript off in the browser the
 * server renders the page the visitor asked for from the query alone.
 */

const TEXTS = { en, uz } as const;
const LANGS = ['en', 'uz'] as const satisfies readonly Language[];

let site: Site;
let browser: Browser;
let context: BrowserContext;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));
beforeAll(async () => {
  context = await newContext(browser, { javaScriptEnabled: false });
});
afterAll(async () => {
  await context?.close();
});

/** What the API answers in the page's language. */
async function api<T>(path: string, lang: Language): Promise<T> {
  const response = await fetch(`${site.origin}/api/v1${path}`, { headers: { 'X-Language': lang } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function openWithoutScripts(path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(`${site.origin}${path}`);
  expect(response?.status()).toBe(200);
  // No script ran: the page never hydrated.
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  return page;
}

describe.each(LANGS)('with JavaScript off (%s)', (lang) => {
  const t = TEXTS[lang];

  it('the number search shows the numbers that match the chosen filters', async () => {
    const page = await openWithoutScripts(localizePath('/numbers', lang));
    await page.getByLabel(t.numbers.filters.category, { exact: true }).selectOption('gold');
    await page.getByLabel(t.numbers.filters.sort, { exact: true }).selectOption('price_desc');
    await Promise.all([page.waitForURL(/category=gold/), page.getByRole('button', { name: t.numbers.filters.submit }).click()]);

    const query = new URL(page.url()).searchParams;
    expect(query.get('category')).toBe('gold');
    expect(query.get('sort')).toBe('price_desc');
    const expected = await api<NumberList>('/numbers?category=gold&sort=price_desc&page=1&pageSize=24', lang);
    expect(expected.items.length).toBeGreaterThan(1);
    expect(await page.locator('.number-card__number').allTextContents()).toEqual(expected.items.map((number) => number.formatted));
    // The form shows what was chosen.
    await expect(page.getByLabel(t.numbers.filters.category, { exact: true }).inputValue()).resolves.toBe('gold');
    await page.close();
  });

  it('the constructor prices the chosen configuration and carries it to the number search', async () => {
    const options = await api<ConstructorOptions>('/tariff-constructor', lang);
    const internetGb = options.internetGb[options.internetGb.length - 1].value;
    const minutes = options.minutes[0].value;
    expect(internetGb).not.toBe(options.defaults.internetGb);
    const page = await openWithoutScripts(localizePath('/constructor', lang));
    await page.locator(`input[name="internetGb"][value="${internetGb}"]`).check();
    await page.locator(`input[name="minutes"][value="${minutes}"]`).check();
    await page.locator('input[name="nightInternet"]').check();
    await Promise.all([page.waitForURL(/internetGb=/), page.getByRole('button', { name: t.tariffConstructor.recalculate }).click()]);

    const query = new URL(page.url()).searchParams;
    expect(query.get('internetGb')).toBe(String(internetGb));
    expect(query.get('minutes')).toBe(String(minutes));
    const quote = await api<TariffQuote>(`/tariff-constructor/quote?${query}`, lang);
    const shown = await page.getByTestId('constructor-price').getByTestId('monthly-price').textContent();
    expect(Number((shown ?? '').replace(/\D/g, ''))).toBe(quote.monthlyPrice);
    // The new price is not the default configuration's.
    const defaults = await api<TariffQuote>('/tariff-constructor/quote', lang);
    expect(quote.monthlyPrice).not.toBe(defaults.monthlyPrice);
    await expect(page.locator(`input[name="internetGb"][value="${internetGb}"]`).isChecked()).resolves.toBe(true);

    await Promise.all([page.waitForURL(/\/numbers\?/), page.getByRole('button', { name: t.tariffConstructor.chooseNumber }).click()]);
    const carried = new URL(page.url());
    expect(carried.pathname).toBe(localizePath('/numbers', lang));
    expect(carried.searchParams.get('tariff')).toBe('constructor');
    expect(carried.searchParams.get('internetGb')).toBe(String(internetGb));
    expect(await page.locator('.number-card__number').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the points-of-sale filter lists the offices of the chosen city that offer the chosen service', async () => {
    const all = await api<PointOfSaleList>('/points-of-sale', lang);
    // A city with an office that offers identification.
    const city = all.cities.find((c) => {
      const offices = all.items.filter((point) => point.city === c.id);
      return offices.some((point) => point.services.includes('identification'));
    });
    expect(city).toBeDefined();
    const page = await openWithoutScripts(localizePath('/pointsOfSale', lang));
    await page.getByLabel(t.pointsOfSale.filters.city, { exact: true }).selectOption(city!.id);
    await page.getByLabel(t.pointsOfSale.filters.service, { exact: true }).selectOption('identification');
    await Promise.all([
      page.waitForURL(/service=identification/),
      page.getByRole('button', { name: t.pointsOfSale.filters.apply, exact: true }).click(),
    ]);

    const query = new URL(page.url()).searchParams;
    expect(query.get('city')).toBe(city!.id);
    const expected = await api<PointOfSaleList>(`/points-of-sale?city=${city!.id}&service=identification`, lang);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(expected.items.length).toBeLessThan(all.items.length);
    expect(await page.locator('.pos-card__name').allTextContents()).toEqual(expected.items.map((point) => point.name));
    await page.close();
  });
});

describe('choosing a number with JavaScript off, on a phone (390x844)', () => {
  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)(
    'reserves it in %s and the next page says so (and, once in en, the page that hydrates later takes the booking in)',
    async (lang, c) => {
      const phone = await newContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const numbersPath = localizePath('/numbers', lang);
      const page = await phone.newPage();
      const response = await page.goto(`${site.origin}${numbersPath}?category=free`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      const first = page.locator('.number-card').first();
      const formatted = (await first.locator('.number-card__number').textContent())!;
      await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST' && answer.status() === 303),
        first.getByRole('button', { name: c.numbers.results.chooseNumber.replace('{{number}}', formatted) }).click(),
      ]);
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${numbersPath}?category=free`);
      await expect(page.getByText(c.numbers.choice.reserved.replace('{{number}}', formatted)).isVisible()).resolves.toBe(true);
      const [handoff] = (await phone.cookies(`${site.origin}${numbersPath}`)).filter((cookie) => cookie.name === BOOKING_HANDOFF_COOKIE);
      expect(handoff).toMatchObject({ path: numbersPath, sameSite: 'Strict', httpOnly: false });
      await phone.close();
      if (lang !== 'en') return;

      // The scripts arrive (another context, with the cookie the form left): the booking moves into storage.
      const scripted = await newContext(browser);
      await scripted.addCookies([handoff]);
      const later = await scripted.newPage();
      await later.goto(`${site.origin}/en/numbers?category=free`);
      await waitForHydration(later);
      await expect(later.getByRole('heading', { name: en.numbers.reservation.title }).isVisible()).resolves.toBe(true);
      await expect(later.locator('.reservation-panel__number').textContent()).resolves.toContain(formatted);
      await expect(later.evaluate(() => localStorage.getItem('reservation-token'))).resolves.toBe(handoff.value);
      expect((await scripted.cookies(`${site.origin}/en/numbers`)).some((cookie) => cookie.name === BOOKING_HANDOFF_COOKIE)).toBe(false);
      await scripted.close();
    },
  );
});

describe('with JavaScript off and the API unreachable', () => {
  let down: Site;
  beforeAll(async () => {
    down = await startSite({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
  });
  afterAll(() => down?.stop());

  it("shows each page's error and a Retry link in the HTML itself, not a loading line that only a script would replace", async () => {
    for (const [path, message] of [
      ['/en/pointsOfSale', en.pointsOfSale.loadError],
      ['/en/constructor', en.tariffConstructor.loadError],
      ['/uz/numbers', uz.numbers.results.failed],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${down.origin}${path}`);
      await expect(page.getByText(message).isVisible()).resolves.toBe(true);
      await expect(
        page
          .getByRole('link', { name: path.startsWith('/uz') ? uz.actions.retry : en.actions.retry })
          .first()
          .getAttribute('href'),
      ).resolves.toBe(path);
      await expect(page.getByText(path.startsWith('/uz') ? uz.common.loading : en.common.loading).count()).resolves.toBe(0);
      await page.close();
    }
  });
});
